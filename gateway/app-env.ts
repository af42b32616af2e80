import type { HttpBindings } from "@hono/node-server";
import type { Logger } from "../core/logger.js";
import type { DefaultHeaders } from "./http/node-bindings.js";
import type { KeyContext } from "./metering/key-context.js";

/** The signed-in user of a cookie-authenticated request (set by requireSession). */
export interface SessionInfo {
  userId: string;
  familyId: string;
  accessExpiresAt: Date;
}

/** Per-request variables every handler can read with `c.get(...)`. */
export interface AppEnv {
  /** Node's request and response when @hono/node-server serves the app; absent under `app.request()`. */
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    logger: Logger;
    /** Headers the answer carries unless it sets them itself (gateway/http/node-bindings.ts); add to it, lower-case. */
    defaultHeaders: DefaultHeaders;
    session: SessionInfo | undefined;
    /** The API key of a metered /v1 request (set by the metering middleware). */
    apiKey: KeyContext | undefined;
  };
}

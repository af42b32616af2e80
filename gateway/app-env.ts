import type { Logger } from "../core/logger.js";

/** The signed-in user of a cookie-authenticated request (set by requireSession). */
export interface SessionInfo {
  userId: string;
  familyId: string;
  accessExpiresAt: Date;
}

/** Per-request variables every handler can read with `c.get(...)`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    session: SessionInfo | undefined;
  };
}

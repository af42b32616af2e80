import type { Logger } from "../core/logger.js";

/** Per-request variables every handler can read with `c.get(...)`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}

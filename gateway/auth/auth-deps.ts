import type { GatewayConfig } from "../../core/config.js";
import type { Database } from "../../core/db/client.js";
import type { Logger } from "../../core/logger.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { RateLimiter } from "../../core/rate-limit.js";
import type { AccessTokenKeys } from "./access-token.js";

/** What the account services need; built once per app from its dependencies. */
export interface AuthDeps {
  config: GatewayConfig;
  db: Database;
  queues: ProducerQueues;
  logger: Logger;
  limiter: RateLimiter;
  keys: AccessTokenKeys;
}

/** Where a request came from, for rate limits and the session record. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

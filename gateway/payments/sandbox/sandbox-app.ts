import { Hono } from "hono";
import type { Logger } from "../../../core/logger.js";
import type { Redis } from "../../../core/redis.js";
import type { AppEnv } from "../../app-env.js";
import { controlRoutes } from "./control-routes.js";
import { createIpnSender } from "./ipn-delivery.js";
import { payPageRoutes } from "./pay-page-routes.js";
import { sandboxApiRoutes } from "./sandbox-api-routes.js";

/**
 * The local Pesapal sandbox (DESIGN.md section 9), mounted at /sandbox/pesapal only when
 * PAYMENT_PROVIDER=sandbox outside production. It imitates Pesapal API 3.0 (PESAPAL.md) so the
 * real client is the code path under test:
 * - /api/...            Pesapal's endpoints, bodies, string statuses and error shapes;
 * - /pay/:id            the hosted payment page at redirect_url (mobile money or card; pay, fail, cancel);
 * - /control/...        sandbox-only knobs (token lifetime, delayed completion, duplicate IPNs, reversal).
 * State lives in Redis so several gateway processes share it; IPN retries are in-process timers.
 */

export interface PesapalSandboxDeps {
  redis: Redis;
  logger: Logger;
  publicUrl: string;
  consumerKey: string;
  consumerSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

export const PESAPAL_SANDBOX_PATH = "/sandbox/pesapal";

export function pesapalSandboxRoutes(deps: PesapalSandboxDeps) {
  const now = deps.now ?? (() => new Date());
  const ipn = createIpnSender({ logger: deps.logger, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const app = new Hono<AppEnv>();
  app.route("/", sandboxApiRoutes({ redis: deps.redis, publicUrl: deps.publicUrl, consumerKey: deps.consumerKey, consumerSecret: deps.consumerSecret, now }));
  app.route("/", payPageRoutes({ redis: deps.redis, ipn, now }));
  app.route("/", controlRoutes({ redis: deps.redis, ipn, now }));
  return app;
}

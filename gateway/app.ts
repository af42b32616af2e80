import { OpenAPIHono } from "@hono/zod-openapi";
import { ANALYSIS_LIMITS, INLINE_DATA_TOO_LARGE } from "../core/contracts/analytics.js";
import { requestBodyLimits } from "./http/request-body.js";
import { refuseUnsafeTarget } from "./http/request-target.js";
import type { GatewayConfig } from "../core/config.js";
import type { Database } from "../core/db/client.js";
import { SERVER_PATH_PREFIXES } from "../core/server-paths.js";
import type { Logger } from "../core/logger.js";
import type { ProducerQueues } from "../core/queues.js";
import type { Redis } from "../core/redis.js";
import type { AppEnv } from "./app-env.js";
import { handleError, notFoundHandler, validationHook } from "./http/errors.js";
import { allowedMethods } from "./http/method-not-allowed.js";
import { createHttpMetrics } from "./http/metrics.js";
import { requestContext } from "./http/request-context.js";
import { apiSecurityHeaders, pageSecurityHeaders } from "./http/security-headers.js";
import { paymentPageLocations } from "../core/payments/payment-pages.js";
import { API_KEY_SCHEME, renderOpenApiYaml } from "./openapi-document.js";
import { devMailboxRoutes } from "./routes/dev-mailbox.js";
import { PESAPAL_SANDBOX_PATH, pesapalSandboxRoutes } from "./payments/sandbox/sandbox-app.js";
import { healthRoutes } from "./routes/health.js";
import { metricsRoutes } from "./routes/metrics.js";
import { portalRoutes } from "./routes/portal.js";
import { referenceRoutes } from "./routes/reference.js";
import { createRateLimiter } from "../core/rate-limit.js";
import { accessTokenKeys } from "./auth/access-token.js";
import type { AuthDeps } from "./auth/auth-deps.js";
import { cookiePolicy } from "./auth/establish-session.js";
import { csrfProtection } from "./http/csrf.js";
import { requireAdmin, requireSession } from "./http/session-auth.js";
import { accountRoutes } from "./routes/account.js";
import { passwordRoutes } from "./routes/auth/password.js";
import { registrationRoutes } from "./routes/auth/registration.js";
import { sessionRoutes } from "./routes/auth/session.js";
import { oauthRoutes } from "./routes/auth/oauth.js";
import { apiKeyRoutes } from "./routes/api-keys.js";
import { checkoutRoutes } from "./routes/checkout.js";
import { usageRoutes } from "./routes/usage.js";
import { billingRoutes } from "./routes/billing.js";
import { adminRoutes } from "./routes/admin.js";
import { adminBillingRoutes } from "./routes/admin-billing.js";
import { paymentRoutes } from "./routes/payments.js";
import { createPaymentDeps } from "./payments/payment-deps.js";
import { planRoutes } from "./routes/plans.js";
import { portalConfigRoutes } from "./routes/portal-config.js";
import { statusRoutes } from "./routes/status.js";
import { accountApiRoutes } from "./routes/v1/account.js";
import { createMeteringDeps } from "./metering/metering-deps.js";
import { meteredApi } from "./metering/metering-middleware.js";
import { createAccountMetering } from "./metering/account-metering.js";
import { inboundHookRoute, inboundHookRoutes } from "./routes/hooks.js";
import { executionApiRoutes } from "./routes/v1/executions.js";
import { workflowApiRoutes } from "./routes/v1/workflows.js";
import { webhookDeliveryRoutes } from "./routes/v1/webhook-deliveries.js";
import { webhookEndpointRoutes } from "./routes/v1/webhook-endpoints.js";
import { DASHBOARD_WORKFLOW_API } from "./workflows/owner.js";
import { DASHBOARD_ENDPOINT_API } from "./webhooks/endpoint-principal.js";
import { datasetApiRoutes } from "./routes/v1/datasets.js";
import { analysisApiRoutes } from "./routes/v1/analyses.js";
import { streamApiRoutes, streamDashboardRoutes } from "./routes/v1/streams.js";
import { createStreamHub, type StreamHub } from "./streams/stream-hub.js";

export interface AppDeps {
  config: GatewayConfig;
  db: Database;
  redis: Redis;
  queues: ProducerQueues;
  /** An unprefixed connection (the queue producer's), for the usage flush's scripts the admin's usage edits run. */
  plainRedis: Redis;
  /** A connection in subscriber mode, for key-cache invalidations. */
  subscriber: Redis;
  logger: Logger;
  isShuttingDown: () => boolean;
  /** The clock of the metered path (tests move it across windows and months). */
  now?: () => Date;
}

/** AppDeps with the clock settled: the one given, or the system's. */
export type ClockedDeps = Omit<AppDeps, "now"> & { now: () => Date };

/** The API routes: everything declared with createRoute ends up in openapi.yaml. */
export function createApiApp(deps: Omit<ClockedDeps, "subscriber" | "plainRedis"> & { streamHub: StreamHub }) {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  api.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "http",
    scheme: "bearer",
    description: "An API key: sk_live_…, sk_test_… or ak_…",
  });
  api.route("/", healthRoutes(deps));
  api.route("/", accountApiRoutes({ db: deps.db, redis: deps.redis, now: deps.now }));
  const workflowDeps = { db: deps.db, queues: deps.queues, now: deps.now };
  api.route("/", workflowApiRoutes({ ...workflowDeps, publicUrl: deps.config.PUBLIC_URL }));
  api.route("/", executionApiRoutes({ ...workflowDeps, redis: deps.redis, redisKeyPrefix: deps.config.REDIS_KEY_PREFIX }));
  const webhookDeps = { db: deps.db, queues: deps.queues, logger: deps.logger, now: deps.now };
  api.route("/", webhookEndpointRoutes(webhookDeps));
  api.route("/", webhookDeliveryRoutes(webhookDeps));
  api.route("/", datasetApiRoutes({ db: deps.db, redis: deps.redis, queues: deps.queues, config: deps.config, now: deps.now }));
  api.route(
    "/",
    analysisApiRoutes({
      db: deps.db,
      redis: deps.redis,
      queues: deps.queues,
      logger: deps.logger,
      waitMs: deps.config.ANALYSIS_WAIT_MS,
      now: deps.now,
    }),
  );
  api.route(
    "/",
    streamApiRoutes({
      ...deps,
      hub: deps.streamHub,
      redisKeyPrefix: deps.config.REDIS_KEY_PREFIX,
      eventIdsKept: deps.config.STREAM_EVENT_IDS_KEPT,
    }),
  );
  // Served by createApp (it needs the metering collaborators); documented here with the rest.
  api.openAPIRegistry.registerPath(inboundHookRoute);
  return api;
}

const isDatasetUpload = (method: string, path: string) => method === "POST" && (path === "/v1/datasets" || path === "/v1/datasets/");
const carriesInlineData = (method: string, path: string) => method === "POST" && (path === "/v1/data/analyze" || path === "/v1/data/clean");

export async function createApp(appDeps: AppDeps) {
  const deps: ClockedDeps = { ...appDeps, now: appDeps.now ?? (() => new Date()) };
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const metrics = createHttpMetrics();

  const hsts = deps.config.NODE_ENV === "production";
  // The same list the portal checks the payment page against (GET /api/portal-config).
  const pageHeaders = pageSecurityHeaders({ hsts, frameSources: paymentPageLocations(deps.config) });
  const apiHeaders = apiSecurityHeaders({ hsts });
  app.use(requestContext({ logger: deps.logger, metrics, securityHeaders: (path) => (path.startsWith("/v1/") ? apiHeaders : pageHeaders) }));
  // The input rule (gateway/http/unsafe-text.ts) before anything reads the request: path, query
  // string and cookies for every request; the body's size, arrival time, depth and text only for
  // requests that can carry one.
  const limitBody = requestBodyLimits({ maxBytes: deps.config.MAX_JSON_BODY_BYTES, timeoutMs: deps.config.REQUEST_BODY_TIMEOUT_MS });
  // Inline rows for analysis and cleaning: as many bytes as the row limit needs, and a 413 that points to uploads.
  const limitInlineData = requestBodyLimits({ maxBytes: ANALYSIS_LIMITS.maxInlineBytes, timeoutMs: deps.config.REQUEST_BODY_TIMEOUT_MS, tooLargeMessage: INLINE_DATA_TOO_LARGE });
  for (const prefix of SERVER_PATH_PREFIXES) {
    app.use(`${prefix}/*`, (c, next) => {
      refuseUnsafeTarget(c);
      const { method, path } = c.req;
      // Dataset uploads stream to storage under their own caps (plan and data allowance), never this one.
      if (method === "GET" || method === "HEAD" || isDatasetUpload(method, path)) return next();
      return carriesInlineData(method, path) ? limitInlineData(c, next) : limitBody(c, next);
    });
  }

  const auth: AuthDeps = {
    config: deps.config,
    db: deps.db,
    queues: deps.queues,
    logger: deps.logger,
    limiter: createRateLimiter(deps.redis),
    keys: accessTokenKeys(deps.config.JWT_SECRET),
  };
  // Cookie-authenticated paths: CSRF on every state change; /api needs a session, /api/admin an admin.
  app.use("/auth/*", csrfProtection(cookiePolicy(auth)));
  app.use("/api/*", csrfProtection(cookiePolicy(auth)));
  // Except GET /api/plans (the plan catalogue: pricing page, checkout before sign-in), GET /api/portal-config (what the
  // portal reads when it starts) and /api/status (the public status page and its subscriptions).
  const sessionRequired = requireSession(auth);
  const isPublicGet = (path: string) => path === "/api/plans" || path === "/api/portal-config";
  const isPublicApi = (method: string, path: string) => (method === "GET" && isPublicGet(path)) || path === "/api/status" || path.startsWith("/api/status/");
  app.use("/api/*", (c, next) => (isPublicApi(c.req.method, c.req.path) ? next() : sessionRequired(c, next)));
  app.use("/api/admin/*", requireAdmin(auth));
  app.route("/", registrationRoutes(auth));
  app.route("/", sessionRoutes(auth));
  app.route("/", passwordRoutes(auth));
  app.route("/", oauthRoutes({ ...auth, redis: deps.redis }));
  app.route("/", accountRoutes(auth));
  app.route("/", planRoutes({ db: deps.db }));
  app.route("/", portalConfigRoutes({ config: deps.config }));
  app.route("/", statusRoutes(auth));
  app.route("/", apiKeyRoutes({ db: deps.db, redis: deps.redis, redisKeyPrefix: deps.config.REDIS_KEY_PREFIX, now: deps.now }));
  // Checkout and the payment callback check (/api, session) and the provider's IPN (/payments, no session).
  const payments = createPaymentDeps(deps);
  app.route("/", checkoutRoutes(payments));
  app.route("/", paymentRoutes(payments));
  app.route("/", adminBillingRoutes({ ...payments, trustProxy: deps.config.TRUST_PROXY }));
  app.route("/", adminRoutes({ ...payments, plainRedis: deps.plainRedis, trustProxy: deps.config.TRUST_PROXY, unsubscribeSecret: deps.config.JWT_SECRET }));
  app.route("/", billingRoutes({ db: deps.db, redis: deps.redis, logger: deps.logger, now: deps.now }));
  app.route("/", usageRoutes({ db: deps.db, redis: deps.redis, logger: deps.logger, now: deps.now }));
  // The dashboard's copies of the workflow and webhook APIs: the signed-in user's own, unmetered.
  const dashboardDeps = { db: deps.db, queues: deps.queues, logger: deps.logger, publicUrl: deps.config.PUBLIC_URL, now: deps.now };
  app.route("/", workflowApiRoutes(dashboardDeps, DASHBOARD_WORKFLOW_API));
  app.route("/", executionApiRoutes({ ...dashboardDeps, redis: deps.redis, redisKeyPrefix: deps.config.REDIS_KEY_PREFIX }, DASHBOARD_WORKFLOW_API));
  app.route("/", webhookEndpointRoutes(dashboardDeps, DASHBOARD_ENDPOINT_API));
  app.route("/", webhookDeliveryRoutes(dashboardDeps, DASHBOARD_ENDPOINT_API));
  const streamHub = createStreamHub({ subscriber: deps.subscriber, redisKeyPrefix: deps.config.REDIS_KEY_PREFIX, logger: deps.logger });
  app.route("/", streamDashboardRoutes({ ...dashboardDeps, redis: deps.redis, hub: streamHub, isShuttingDown: deps.isShuttingDown }));
  const metering = createMeteringDeps(deps);
  app.use("/v1/*", meteredApi(metering));
  // Inbound workflow hooks: no key; metered to the workflow's owner.
  app.route("/", inboundHookRoutes({ db: deps.db, queues: deps.queues, metering: createAccountMetering({ db: deps.db, metering }), now: deps.now }));

  const api = createApiApp({ ...deps, streamHub });
  const openApiYaml = renderOpenApiYaml(api);
  app.route("/", api);
  app.get("/openapi.yaml", (c) => {
    c.header("Content-Type", "application/yaml; charset=utf-8");
    return c.body(openApiYaml);
  });
  app.route("/", metricsRoutes(metrics, deps.config.METRICS_TOKEN));
  app.route("/", await referenceRoutes(deps.config.PORTAL_DIST_DIR));
  // The development mailbox shows every e-mail's text, links included: never in production.
  if (deps.config.NODE_ENV !== "production") app.route("/", devMailboxRoutes({ db: deps.db, productName: deps.config.PRODUCT_NAME }));
  // The local imitation of Pesapal (API, hosted page, IPNs): only with PAYMENT_PROVIDER=sandbox, never in production.
  if (deps.config.PAYMENT_PROVIDER === "sandbox" && deps.config.NODE_ENV !== "production") {
    const sandbox = { redis: deps.redis, logger: deps.logger, publicUrl: deps.config.PUBLIC_URL };
    app.route(PESAPAL_SANDBOX_PATH, pesapalSandboxRoutes({ ...sandbox, consumerKey: deps.config.PESAPAL_CONSUMER_KEY, consumerSecret: deps.config.PESAPAL_CONSUMER_SECRET }));
  }
  app.route("/", portalRoutes(deps.config.PORTAL_DIST_DIR));

  app.onError(handleError);
  app.notFound(notFoundHandler(allowedMethods(app.routes)));
  return app;
}

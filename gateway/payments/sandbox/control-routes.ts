import { Hono } from "hono";
import type { AppEnv } from "../../app-env.js";
import { reversePayment, type OutcomeDeps } from "./payment-outcomes.js";
import { transactionStatusBody } from "./pesapal-shapes.js";
import { findOrder, readSettings, SandboxSettingsPatchSchema, updateSettings } from "./sandbox-store.js";

/**
 * Sandbox-only knobs for tests and demos (not part of Pesapal's API):
 * - GET/POST /control/settings: token lifetime, delayed completion, duplicate IPNs, IPN retry pace,
 *   how a customer's cancellation reads (status 0 or 2);
 * - GET /control/orders/:id: the stored order (payment, refund and cancellation requests);
 * - POST /control/orders/:id/reverse: a completed payment becomes REVERSED (status 3) and an IPN is sent.
 */

const controlError = (code: string, message: string) => ({ error: { code, message } });

export function controlRoutes(deps: OutcomeDeps) {
  const app = new Hono<AppEnv>();

  app.get("/control/settings", async (c) => c.json(await readSettings(deps.redis)));

  app.post("/control/settings", async (c) => {
    const body: unknown = await c.req.json<unknown>().catch(() => undefined);
    const patch = SandboxSettingsPatchSchema.safeParse(body);
    if (!patch.success) return c.json(controlError("invalid_settings", patch.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ")), 422);
    return c.json(await updateSettings(deps.redis, patch.data));
  });

  app.get("/control/orders/:orderTrackingId", async (c) => {
    const order = await findOrder(deps.redis, c.req.param("orderTrackingId"));
    if (!order) return c.json(controlError("order_not_found", "No order matches this tracking id"), 404);
    return c.json({ order, status: transactionStatusBody(order, deps.now()) });
  });

  app.post("/control/orders/:orderTrackingId/reverse", async (c) => {
    const result = await reversePayment(deps, c.req.param("orderTrackingId"));
    if (!result) return c.json(controlError("order_not_found", "No order matches this tracking id"), 404);
    if (result === "not_completed") return c.json(controlError("not_completed", "Only a completed, unreversed payment can be reversed"), 409);
    return c.json(transactionStatusBody(result, deps.now()));
  });

  return app;
}

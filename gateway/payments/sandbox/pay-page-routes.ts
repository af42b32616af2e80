import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env.js";
import { renderClosedPage, renderPayPage, type PayFormValues } from "./pay-page.js";
import { checkCard, checkPhone, type CheckedMethod, type FieldErrors } from "./payment-method-checks.js";
import { isPayable, recordPayment, type OutcomeDeps, type PaymentDraft } from "./payment-outcomes.js";
import { callbackUrl, orderStatus } from "./pesapal-shapes.js";
import { findOrder, type SandboxOrder } from "./sandbox-store.js";

/** The hosted payment page at redirect_url: GET shows the form, POST records Pay, Fail or Cancel. */

const PAY_METHOD = z.enum(["card", "mobile_money"]);

const FormSchema = z.object({
  action: z.enum(["pay", "fail", "cancel"]).catch("pay"),
  method: PAY_METHOD.optional().catch(undefined),
  phone_number: z.string().max(40).catch(""),
  card_number: z.string().max(40).catch(""),
  card_expiry: z.string().max(10).catch(""),
  card_cvv: z.string().max(10).catch(""),
  card_name: z.string().max(200).catch(""),
});
type PayForm = z.infer<typeof FormSchema>;

const CARD_DECLINED = "Unable to Authorize Transaction.Kindly contact your bank for assistance";
const MOBILE_DECLINED = "The mobile money payment was declined";

function sendPage(c: Context<AppEnv>, html: string, status: 200 | 404 | 409 | 422 = 200) {
  c.header("Cache-Control", "no-store");
  return c.html(html, status);
}

function closedPage(c: Context<AppEnv>, order: SandboxOrder, now: Date, status: 200 | 409) {
  const state = order.cancelled_at ? "cancelled by the merchant" : orderStatus(order, now).payment_status_description.toLowerCase();
  return sendPage(
    c,
    renderClosedPage({ title: "This order can no longer be paid", message: `The order is ${state}.`, order, returnUrl: callbackUrl(order.callback_url, order) }),
    status,
  );
}

const notFoundPage = (c: Context<AppEnv>) =>
  sendPage(c, renderClosedPage({ title: "Order not found", message: "No order matches this link. It may have expired." }), 404);

function formValues(form: PayForm): PayFormValues {
  return { method: form.method ?? "mobile_money", phone_number: form.phone_number, card_expiry: form.card_expiry, card_name: form.card_name };
}

/** The chosen method's checks; a simulated failure needs no valid details. */
function checkMethod(form: PayForm, now: Date): { ok: true; value: CheckedMethod & { channel: PaymentDraft["channel"] } } | { ok: false; errors: FieldErrors } {
  if (!form.method) return { ok: false, errors: { method: "Choose a payment method: mobile money or card." } };
  const checked =
    form.method === "card"
      ? checkCard({ number: form.card_number, expiry: form.card_expiry, cvv: form.card_cvv, name: form.card_name }, now)
      : checkPhone(form.phone_number);
  return checked.ok ? { ok: true, value: { ...checked.value, channel: form.method } } : checked;
}

function draftFor(form: PayForm, now: Date): PaymentDraft | FieldErrors {
  if (form.action === "cancel") {
    return { outcome: "cancelled", channel: form.method ?? "mobile_money", method: "", account: "", description: "Payment cancelled by the customer", payment_status_code: "request_terminated_by_user" };
  }
  const checked = checkMethod(form, now);
  if (form.action === "fail") {
    const channel = form.method ?? "card";
    const known = checked.ok ? checked.value : { method: channel === "card" ? "Card" : "MobileMoney", account: "" };
    return { outcome: "failed", channel, method: known.method, account: known.account, description: channel === "card" ? CARD_DECLINED : MOBILE_DECLINED, payment_status_code: "" };
  }
  if (!checked.ok) return checked.errors;
  const { channel, method, account, declined } = checked.value;
  if (declined) {
    return { outcome: "failed", channel, method, account, description: channel === "card" ? CARD_DECLINED : MOBILE_DECLINED, payment_status_code: channel === "card" ? "" : "insufficient_funds" };
  }
  return { outcome: "completed", channel, method, account, description: "Payment completed successfully", payment_status_code: "" };
}

const isDraft = (value: PaymentDraft | FieldErrors): value is PaymentDraft => "outcome" in value && "channel" in value;

export function payPageRoutes(deps: OutcomeDeps) {
  const app = new Hono<AppEnv>();

  app.get("/pay/:orderTrackingId", async (c) => {
    const order = await findOrder(deps.redis, c.req.param("orderTrackingId"));
    if (!order) return notFoundPage(c);
    if (!isPayable(order)) return closedPage(c, order, deps.now(), 200);
    // The merchant may say which method the customer chose (`?method=card`); mobile money otherwise.
    const method = PAY_METHOD.safeParse(c.req.query("method")).data ?? "mobile_money";
    return sendPage(c, renderPayPage({ order, values: { method, phone_number: "", card_expiry: "", card_name: "" }, errors: {}, action: c.req.path }));
  });

  app.post("/pay/:orderTrackingId", async (c) => {
    const order = await findOrder(deps.redis, c.req.param("orderTrackingId"));
    if (!order) return notFoundPage(c);
    const now = deps.now();
    if (!isPayable(order)) return closedPage(c, order, now, 409);
    const raw = await c.req.parseBody().catch(() => ({}));
    const form = FormSchema.parse(raw);
    const draft = draftFor(form, now);
    if (!isDraft(draft)) {
      return sendPage(c, renderPayPage({ order, values: formValues(form), errors: draft, action: c.req.path }), 422);
    }
    const recorded = await recordPayment(deps, order.order_tracking_id, draft);
    if (!recorded) return notFoundPage(c);
    if (recorded === "closed") return closedPage(c, order, now, 409);
    const returnTo = draft.outcome === "cancelled" && recorded.cancellation_url ? recorded.cancellation_url : recorded.callback_url;
    return c.redirect(callbackUrl(returnTo, recorded), 303);
  });

  return app;
}

import { Hono, type Context } from "hono";
import { z } from "zod";
import { renderNotice, renderPayPage, STYLE_HASH } from "./hosted-page.js";
import { callbackWith } from "./pesapal-bodies.js";
import { checkCard, checkPhone, type PaymentCheck } from "./payment-checks.js";
import { findOrder, type StandInOrder, type StandInState } from "./stand-in-state.js";

/**
 * The hosted payment page at redirect_url (/pesapaliframe/PesapalIframe3/Index/?OrderTrackingId=…).
 * GET shows it; POST is the customer's Pay or Cancel. A decided payment (completed or declined)
 * answers 303 to callback_url?OrderTrackingId=…&OrderMerchantReference=…&OrderNotificationType=CALLBACKURL;
 * that 303 is not followed inside the iframe: the form that caused it targets the top window
 * (or the parent for PARENT_WINDOW), which is where Pesapal's return lands.
 */

export const HOSTED_PAGE_PATH = "/pesapaliframe/PesapalIframe3/Index/";

export interface HostedPageSettings {
  state: StandInState;
  merchantName: string;
  /** Origins allowed to frame the page; none means no framing at all. */
  framingOrigins: readonly string[];
  /** Called once the customer's payment is decided (completed or failed): sends the IPN. */
  onDecided: (order: StandInOrder) => void;
}

const FormSchema = z.object({
  action: z.enum(["pay", "cancel"]),
  payment_method: z.enum(["card", "mobile_money"]).optional(),
  card_number: z.string().optional(),
  card_expiry: z.string().optional(),
  card_cvv: z.string().optional(),
  card_name: z.string().optional(),
  phone_number: z.string().optional(),
});

export function createHostedPageRoutes(settings: HostedPageSettings): Hono {
  const app = new Hono();
  const frameAncestors = settings.framingOrigins.length > 0 ? settings.framingOrigins.join(" ") : "'none'";

  /** Sends the page with its headers: framing allowed only for `framingOrigins`, no script, forms to itself and the order's return URLs. */
  const page = (c: Context, html: string, status: 200 | 404 | 409 | 400 | 422, order?: StandInOrder) => {
    const formTargets = order ? ["'self'", ...new Set([order.callbackUrl, order.cancellationUrl].flatMap((url) => (url ? [new URL(url).origin] : [])))] : ["'none'"];
    c.header("Content-Security-Policy", `default-src 'none'; style-src ${STYLE_HASH}; form-action ${formTargets.join(" ")}; frame-ancestors ${frameAncestors}; base-uri 'none'`);
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    return c.html(html, status);
  };

  const orderOf = (c: Context) => {
    const entry = Object.entries(c.req.query()).find(([name]) => name.toLowerCase() === "ordertrackingid");
    return entry ? findOrder(settings.state, entry[1]) : undefined;
  };

  const action = (order: StandInOrder) => `${HOSTED_PAGE_PATH}?OrderTrackingId=${encodeURIComponent(order.orderTrackingId)}`;

  app.get("/", (c) => {
    const order = orderOf(c);
    if (!order) return page(c, renderNotice("Order not found", "No order has this tracking id."), 404);
    const closed = closedNotice(order);
    if (closed) return page(c, renderNotice(...closed), 200);
    return page(c, renderPayPage({ order, merchantName: settings.merchantName, action: action(order) }), 200, order);
  });

  app.post("/", async (c) => {
    const order = orderOf(c);
    if (!order) return page(c, renderNotice("Order not found", "No order has this tracking id."), 404);
    const closed = closedNotice(order);
    if (closed) return page(c, renderNotice(...closed), 409);
    const form = FormSchema.safeParse(await c.req.parseBody());
    if (!form.success) return page(c, renderPayPage({ order, merchantName: settings.merchantName, action: action(order), problems: ["Choose card or mobile money."] }), 400, order);
    const fields = form.data;

    if (fields.action === "cancel") {
      if (!order.cancellationUrl) return page(c, renderPayPage({ order, merchantName: settings.merchantName, action: action(order), problems: ["This order cannot be cancelled here."] }), 400, order);
      order.customerCancelled = true;
      return c.redirect(order.cancellationUrl, 303);
    }

    const check: PaymentCheck = fields.payment_method === "mobile_money" ? checkPhone(fields.phone_number) : checkCard(fields, new Date());
    if (!check.ok) {
      const kept = { card_expiry: fields.card_expiry, card_name: fields.card_name, phone_number: fields.phone_number };
      return page(c, renderPayPage({ order, merchantName: settings.merchantName, action: action(order), problems: check.problems, kept }), 422, order);
    }
    Object.assign(order, check.outcome);
    settings.onDecided(order);
    return c.redirect(callbackWith(order, "CALLBACKURL"), 303);
  });

  return app;
}

/** The heading and sentence for an order that can no longer be paid, or null while it can. */
function closedNotice(order: StandInOrder): [string, string] | null {
  if (order.cancelled) return ["Order cancelled", "The merchant cancelled this order; it can no longer be paid."];
  if (order.statusCode === 1 || order.statusCode === 3) return ["Already paid", "This order has already been paid."];
  if (order.statusCode === 2) return ["Payment failed", order.failureDescription ?? "This payment failed."];
  return null;
}

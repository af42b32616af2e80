import { escapeHtml } from "../../../core/email/html.js";
import { DECLINED_CARD, DECLINED_PHONE_SUFFIX, SUCCESSFUL_CARD, type FieldErrors } from "./payment-method-checks.js";
import type { SandboxOrder } from "./sandbox-store.js";

/**
 * The sandbox's hosted payment page: one server-rendered HTML form, no scripts and no external
 * assets (the gateway's CSP allows neither), every value escaped. Only the chosen method's
 * fieldset shows (CSS :has() on the method radios, so switching needs no script). Card numbers and CVVs are
 * never written back into the page.
 */

export interface PayFormValues {
  method: "card" | "mobile_money";
  phone_number: string;
  card_expiry: string;
  card_name: string;
}

const STYLE = `
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f4f5f7; color: #1f2328; }
main { max-width: 560px; margin: 0 auto; padding: 24px 20px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
.badge { display: inline-block; padding: 2px 8px; border-radius: 999px; background: #fef3c7; color: #92400e; font-size: 0.8rem; font-weight: 600; }
section, fieldset { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 16px 20px; margin: 16px 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
dt { color: #4b5563; } dd { margin: 0; overflow-wrap: anywhere; }
legend { font-weight: 600; padding: 0 4px; }
label { display: block; margin: 12px 0 4px; font-weight: 500; }
input[type=text], input[type=tel] { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #6b7280; border-radius: 4px; font: inherit; }
input[aria-invalid=true] { border-color: #b91c1c; }
.method label { display: inline; font-weight: 400; margin: 0 16px 0 4px; }
.hint { color: #4b5563; font-size: 0.875rem; margin: 4px 0 0; }
.field-error { color: #b91c1c; font-size: 0.875rem; margin: 4px 0 0; }
.summary { border: 2px solid #b91c1c; background: #fef2f2; border-radius: 8px; padding: 12px 16px; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; }
button { padding: 10px 16px; border: 0; border-radius: 4px; font: inherit; cursor: pointer; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
.pay { background: #166534; color: #fff; } .fail { background: #b91c1c; color: #fff; } .cancel { background: #e5e7eb; color: #1f2328; }
code { background: #f3f4f6; padding: 0 4px; border-radius: 4px; }
form:has(#method-card:checked) .mobile-fields, form:has(#method-mobile:checked) .card-fields { display: none; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Pesapal sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function formatAmount(order: SandboxOrder): string {
  return `${order.currency} ${order.amount.toFixed(2)}`;
}

function orderSummary(order: SandboxOrder): string {
  return `<section aria-label="Order">
<dl>
<dt>Merchant reference</dt><dd>${escapeHtml(order.merchant_reference)}</dd>
<dt>Description</dt><dd>${escapeHtml(order.description)}</dd>
<dt>Amount</dt><dd><strong>${escapeHtml(formatAmount(order))}</strong></dd>
</dl>
</section>`;
}

function textField(name: string, label: string, options: { value?: string; errors: FieldErrors; hint?: string; type?: string; autocomplete: string; inputmode?: string }): string {
  const error = options.errors[name];
  const described = [options.hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return `<label for="${name}">${escapeHtml(label)}</label>
<input type="${options.type ?? "text"}" id="${name}" name="${name}" value="${escapeHtml(options.value ?? "")}" autocomplete="${options.autocomplete}"${options.inputmode ? ` inputmode="${options.inputmode}"` : ""}${error ? ' aria-invalid="true"' : ""}${described ? ` aria-describedby="${described}"` : ""}>
${options.hint ? `<p class="hint" id="${name}-hint">${options.hint}</p>` : ""}${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ""}`;
}

export function renderPayPage(input: { order: SandboxOrder; values: PayFormValues; errors: FieldErrors; action: string }): string {
  const { order, values, errors } = input;
  const errorList = Object.values(errors);
  const summary = errorList.length
    ? `<div class="summary" role="alert" aria-labelledby="summary-title"><h2 id="summary-title">There is a problem</h2><ul>${errorList.map((message) => `<li>${escapeHtml(message)}</li>`).join("")}</ul></div>`
    : "";
  const checked = (method: PayFormValues["method"]) => (values.method === method ? " checked" : "");
  const body = `<p><span class="badge">Sandbox: no real money moves</span></p>
<h1>Pay ${escapeHtml(formatAmount(order))}</h1>
${orderSummary(order)}
${summary}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<fieldset class="method">
<legend>Payment method</legend>
<input type="radio" id="method-mobile" name="method" value="mobile_money"${checked("mobile_money")}><label for="method-mobile">Mobile money</label>
<input type="radio" id="method-card" name="method" value="card"${checked("card")}><label for="method-card">Card</label>
</fieldset>
<fieldset class="mobile-fields">
<legend>Mobile money</legend>
${textField("phone_number", "Phone number", { value: values.phone_number, errors, type: "tel", autocomplete: "tel", hint: `Any number pays; a number ending in <code>${DECLINED_PHONE_SUFFIX}</code> is declined.` })}
</fieldset>
<fieldset class="card-fields">
<legend>Card</legend>
${textField("card_number", "Card number", { errors, autocomplete: "cc-number", inputmode: "numeric", hint: `<code>${SUCCESSFUL_CARD.replace(/(\d{4})(?=\d)/g, "$1 ")}</code> succeeds; <code>${DECLINED_CARD.replace(/(\d{4})(?=\d)/g, "$1 ")}</code> is declined.` })}
${textField("card_expiry", "Expiry date (MM/YY)", { value: values.card_expiry, errors, autocomplete: "cc-exp", hint: "This month or later." })}
${textField("card_cvv", "Security code (CVV)", { errors, autocomplete: "cc-csc", inputmode: "numeric", hint: "3 or 4 digits." })}
${textField("card_name", "Name on card", { value: values.card_name, errors, autocomplete: "cc-name" })}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="pay" class="pay">Pay ${escapeHtml(formatAmount(order))}</button>
<button type="submit" name="action" value="fail" class="fail">Simulate a failed payment</button>
<button type="submit" name="action" value="cancel" class="cancel">Cancel</button>
</div>
</form>`;
  return layout(`Pay ${formatAmount(order)}`, body);
}

/** An order that can no longer be paid (already paid, failed, reversed, cancelled) or does not exist. */
export function renderClosedPage(input: { title: string; message: string; order?: SandboxOrder; returnUrl?: string }): string {
  const back = input.returnUrl ? `<p><a href="${escapeHtml(input.returnUrl)}">Return to the merchant</a></p>` : "";
  return layout(input.title, `<p><span class="badge">Sandbox</span></p>
<h1>${escapeHtml(input.title)}</h1>
${input.order ? orderSummary(input.order) : ""}
<p role="status">${escapeHtml(input.message)}</p>
${back}`);
}

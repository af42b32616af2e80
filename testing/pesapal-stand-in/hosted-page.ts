import { createHash } from "node:crypto";
import type { StandInOrder } from "./stand-in-state.js";

/**
 * The hosted payment page's HTML: no script at all, one style block allowed by its hash. Card and
 * mobile money are two forms, each with its own Pay button, so the browser's own validation
 * (required, pattern) applies to the chosen method only. The forms submit to the top window
 * (TOP_WINDOW) or the parent (PARENT_WINDOW), so the answer, a 303 to the merchant's callback,
 * leaves the merchant's iframe the way Pesapal's return does.
 *
 * Accessible names, for a browser test: heading "Pay USD 1,824.00 to <merchant>"; fields "Card number",
 * "Expiry date (MM/YY)", "CVV", "Name on card", "Phone number"; buttons "Pay by card",
 * "Pay by mobile money" and "Cancel payment" (only when the order has a cancellation_url).
 */

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#0f172a;background:#fff}
main{max-width:32rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.5rem}
label{display:block;margin-top:.75rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #64748b;border-radius:.25rem}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;border-radius:.25rem;border:1px solid #1e3a8a;background:#1e40af;color:#fff}
button.secondary{background:#fff;color:#1e3a8a}
[role=alert]{border:1px solid #b91c1c;color:#7f1d1d;padding:.5rem 1rem;border-radius:.25rem}`;

/** For the page's Content-Security-Policy: the only style it may apply. */
export const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

export interface PayPageView {
  order: StandInOrder;
  merchantName: string;
  /** Where the forms post: the page's own path and query. */
  action: string;
  problems?: string[];
  /** Values to keep after a refused submission (never the card number or CVV). */
  kept?: { card_expiry?: string; card_name?: string; phone_number?: string };
}

export function formatAmount(amount: number, currency: string): string {
  return `${currency} ${new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
}

export function renderPayPage(view: PayPageView): string {
  const { order } = view;
  const price = formatAmount(order.amount, order.currency);
  const target = order.redirectMode === "PARENT_WINDOW" ? "_parent" : "_top";
  const form = (method: string, fields: string, button: string) => `<form method="post" action="${escapeHtml(view.action)}" target="${target}">
<input type="hidden" name="action" value="pay"><input type="hidden" name="payment_method" value="${method}">
${fields}
<button type="submit">${button}</button>
</form>`;
  const kept = view.kept ?? {};
  const phone = kept.phone_number ?? order.billingAddress.phone_number ?? "";
  const problems = view.problems?.length
    ? `<div role="alert"><p>The payment was not made:</p><ul>${view.problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join("")}</ul></div>`
    : "";
  const cancel = order.cancellationUrl
    ? `<form method="post" action="${escapeHtml(view.action)}" target="${target}"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel payment</button></form>`
    : "";
  return document(
    `Pay ${price}`,
    `<h1>Pay ${escapeHtml(price)} to ${escapeHtml(view.merchantName)}</h1>
<p>${escapeHtml(order.description)}. Reference ${escapeHtml(order.merchantReference)}.</p>
${problems}
<section aria-labelledby="card-heading">
<h2 id="card-heading">Card</h2>
${form(
  "card",
  `<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required pattern="[0-9 ]{12,23}">
<label for="card_expiry">Expiry date (MM/YY)</label>
<input id="card_expiry" name="card_expiry" autocomplete="cc-exp" placeholder="MM/YY" required pattern="(0[1-9]|1[0-2])/[0-9]{2}" value="${escapeHtml(kept.card_expiry ?? "")}">
<label for="card_cvv">CVV</label>
<input id="card_cvv" name="card_cvv" inputmode="numeric" autocomplete="cc-csc" required pattern="[0-9]{3,4}">
<label for="card_name">Name on card</label>
<input id="card_name" name="card_name" autocomplete="cc-name" required value="${escapeHtml(kept.card_name ?? "")}">`,
  "Pay by card",
)}
</section>
<section aria-labelledby="mobile-heading">
<h2 id="mobile-heading">Mobile money</h2>
${form(
  "mobile_money",
  `<label for="phone_number">Phone number</label>
<input id="phone_number" name="phone_number" type="tel" autocomplete="tel" required pattern="\\+?[0-9 ]{9,20}" value="${escapeHtml(phone)}">`,
  "Pay by mobile money",
)}
</section>
${cancel}`,
  );
}

/** A page with a heading and a sentence: an unknown, paid, failed or cancelled order. */
export function renderNotice(title: string, message: string): string {
  return document(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Pesapal</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Pesapal speaks money in major units, as a JSON number or a string ("100.00", "1,000.50").
 * Sluice keeps integer cents; these convert exactly, through the decimal text, never float arithmetic.
 */

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const GROUPED_DECIMAL = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/** Integer cents of a Pesapal amount, or null when it is not an exact, non-negative amount of cents. */
export function amountToCents(value: number | string): number | null {
  const text = typeof value === "number" ? numberText(value) : value.trim();
  if (text === null) return null;
  const match = PLAIN_DECIMAL.exec(text) ?? GROUPED_DECIMAL.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? "").replaceAll(",", "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > 2) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The shortest decimal text that round-trips the number; null for NaN, infinities, negatives and exponent forms. */
function numberText(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

/** Major units as a fixed two-decimal string: 1999 -> "19.99". */
export function centsToAmountString(cents: number): string {
  assertCents(cents);
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return `${whole}.${String(rest).padStart(2, "0")}`;
}

/** Major units as a JSON number: 1999 -> 19.99 (serialized by JSON.stringify as exactly "19.99"). */
export function centsToAmountNumber(cents: number): number {
  assertCents(cents);
  return Number(centsToAmountString(cents));
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError("an amount must be a non-negative integer number of cents");
}

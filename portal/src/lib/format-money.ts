/** "$1,234.50" from integer cents; other currencies in their own symbol, or "12.50 XYZ" for a code Intl does not know. */
export function formatMoney(cents: number, currency = "USD"): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

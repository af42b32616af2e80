/** Pure rules of a paid order: references and invoice numbers. */

/** Pesapal's `id`: unique per order, at most 50 characters of [A-Za-z0-9-]. Built from our order id. */
export function merchantReferenceFor(orderId: string): string {
  const reference = orderId.replace(/_/g, "-");
  if (!/^[A-Za-z0-9-]{1,50}$/.test(reference)) throw new RangeError(`order id ${orderId} cannot be a merchant reference`);
  return reference;
}

/**
 * How a billing row is named to people (customer's history, admin table, admin buttons): its
 * invoice number; else its order's reference, which the provider's page and e-mails show; else,
 * for a row made without an order, "#" and the first 8 characters of its id (SPEC section 9).
 */
export function paymentLabel(row: { id: string; invoice_number: string | null; merchant_reference: string | null }): string {
  return row.invoice_number ?? row.merchant_reference ?? `#${row.id.slice(0, 8)}`;
}

/** INV-YYYY-NNNNNN: the year of completion and the next value of invoice_number_seq. */
export function formatInvoiceNumber(completedAt: Date, sequence: number): string {
  return `INV-${completedAt.getUTCFullYear()}-${String(sequence).padStart(6, "0")}`;
}

import { describe, expect, it } from "vitest";
import { newId } from "../../core/ids.js";
import { formatInvoiceNumber, merchantReferenceFor, paymentLabel } from "./billing-terms.js";

describe("billing terms", () => {
  it("makes a merchant reference of letters, digits and hyphens from an order id", () => {
    const reference = merchantReferenceFor(newId("ord"));
    expect(reference).toMatch(/^ord-[A-Za-z0-9]{22}$/);
    expect(reference.length).toBeLessThanOrEqual(50);
  });

  it("names a payment by its invoice number, else its order reference, never by a cut id while it has an order", () => {
    expect(paymentLabel({ id: "bill_1ChXyz", invoice_number: "INV-2026-000001", merchant_reference: "ord-1ChAbc" })).toBe("INV-2026-000001");
    expect(paymentLabel({ id: "bill_1ChXyz", invoice_number: null, merchant_reference: "ord-1ChAbc" })).toBe("ord-1ChAbc");
    expect(paymentLabel({ id: "bill_1234567890", invoice_number: null, merchant_reference: null })).toBe("#bill_123");
  });

  it("numbers invoices INV-YYYY-NNNNNN", () => {
    expect(formatInvoiceNumber(new Date("2026-11-21T10:00:00Z"), 42)).toBe("INV-2026-000042");
    expect(formatInvoiceNumber(new Date("2027-01-01T00:00:00Z"), 1_234_567)).toBe("INV-2027-1234567");
  });

});

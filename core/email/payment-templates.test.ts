import { describe, expect, it } from "vitest";
import { paymentReceiptMessage, paymentReversedAdminMessage, renewalReminderMessage } from "./templates.js";

const product = { productName: "Sluice", publicUrl: "https://sluice.example" };

describe("payment e-mails", () => {
  it("puts the invoice number, plan, amount and validity in the receipt, escaped in HTML", () => {
    const message = paymentReceiptMessage({
      ...product,
      fullName: "Ada <Lovelace>",
      planName: "Starter",
      periodLabel: "Monthly",
      amount: "$29.00 USD",
      invoiceNumber: "INV-2026-000042",
      paidAt: new Date("2026-11-21T10:00:00Z"),
      startsAt: null,
      validUntil: new Date("2026-12-21T10:00:00Z"),
      paymentMethod: "Visa",
      dashboardLink: "https://sluice.example/dashboard?section=billing",
    });
    expect(message.subject).toBe("Your Sluice receipt INV-2026-000042");
    expect(message.text).toContain("Your Starter plan is active.");
    for (const text of ["INV-2026-000042", "Starter (Monthly)", "$29.00 USD", "Visa", "2026-11-21", "2026-12-21", "https://sluice.example/dashboard?section=billing"]) {
      expect(message.text).toContain(text);
    }
    expect(message.html).toContain("Ada &lt;Lovelace&gt;");
    expect(message.html).not.toContain("<Lovelace>");
  });

  it("says when a downgrade starts instead of calling it active", () => {
    const message = paymentReceiptMessage({
      ...product,
      fullName: "",
      planName: "Starter",
      periodLabel: "Monthly",
      amount: "$29.00 USD",
      invoiceNumber: "INV-2026-000043",
      paidAt: new Date("2026-11-21T10:00:00Z"),
      startsAt: new Date("2026-12-01T00:00:00Z"),
      validUntil: new Date("2027-01-01T00:00:00Z"),
      paymentMethod: null,
      dashboardLink: "https://sluice.example/dashboard?section=billing",
    });
    expect(message.text).toContain("Your Starter plan starts on 2026-12-01, when your current plan ends.");
    expect(message.text).toContain("Starts on: 2026-12-01");
    expect(message.text).not.toContain("is active");
  });

  it("tells administrators which payment was reversed and that only its period was removed", () => {
    const message = paymentReversedAdminMessage({
      ...product,
      customerEmail: "ada@example.test",
      userId: "usr_1",
      planName: "Starter",
      amount: "$29.00 USD",
      invoiceNumber: "INV-2026-000042",
      merchantReference: "ord-abc",
    });
    expect(message.subject).toBe("Payment reversed: INV-2026-000042");
    for (const text of ["ada@example.test", "usr_1", "ord-abc", "Starter period it paid for was removed", "other payments", "https://sluice.example/admin-dashboard"]) expect(message.text).toContain(text);
  });

  it("tells a customer when the plan expires, the grace days, and links to pay again", () => {
    const message = renewalReminderMessage({
      ...product,
      fullName: "Ada",
      planName: "Starter",
      periodLabel: "Monthly",
      amount: "$29.00 USD",
      expiresAt: new Date("2026-12-21T10:00:00Z"),
      daysLeft: 1,
      graceDays: 3,
      renewLink: "https://sluice.example/dashboard?plan=starter&tier=5000&period=monthly&amount=29",
    });
    expect(message.subject).toBe("Your Sluice Starter plan expires tomorrow");
    for (const text of ["2026-12-21", "$29.00 USD", "3 days", "https://sluice.example/dashboard?plan=starter&tier=5000&period=monthly&amount=29"]) expect(message.text).toContain(text);
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AdminBillingEntry } from "../../../core/contracts/admin-billing";
import type { AdminUser } from "../../../core/contracts/admin";
import { BillingHistoryStatusSchema, NO_SUBSCRIPTION, SubscriptionStatusSchema, type BillingHistoryEntry, type BillingOverview } from "../../../core/contracts/billing";
import { BillingTable } from "../features/admin/components/billing-table";
import { UsersTable } from "../features/admin/components/users-table";
import { BillingHistory } from "../features/billing/components/billing-history";
import { BillingSummary } from "../features/billing/components/billing-summary";
import { PAYMENT_STATUS_CLASSES, PAYMENT_STATUS_LABELS, SUBSCRIPTION_STATUS_LABELS } from "./status-labels";

/**
 * Every screen that names a subscription or payment state renders it from status-labels.ts: a
 * screen that grows its own copy of a label ("Expired" beside "Inactive") fails here.
 */

const noop = () => undefined;
/** The label as an element's whole text, so a label elsewhere on the screen cannot stand in for it. */
const shownAsText = (markup: string, label: string) => markup.includes(`>${label}<`);

const USER: AdminUser = {
  id: "usr_1",
  email: "ada@example.com",
  full_name: "Ada",
  role: "user",
  email_confirmed: true,
  created_at: "2026-11-01T00:00:00Z",
  package_name: "starter",
  package_display_name: "Starter",
  expires_at: null,
  usage: 10,
  limit: 5_000,
  subscription_status: "none",
  status_badge: "Free Plan",
  period: null,
  next_billing_date: null,
  amount: null,
};

const OVERVIEW: BillingOverview = {
  subscription: { ...NO_SUBSCRIPTION, plan: "starter", plan_display_name: "Starter" },
  scheduled_change: null,
  usage: { requests_used: 10, requests_limit: 5_000, near_limit: false, reset_date: "2026-12-01" },
  history: [],
  timeline: [],
};

const PAYMENT: BillingHistoryEntry = {
  id: "bill_1",
  status: "pending",
  amount: 2_900,
  currency: "USD",
  date: "2026-11-01T00:00:00Z",
  invoice: "INV-1",
  plan: "starter",
  period: "monthly",
  payment_method: null,
};

const ADMIN_PAYMENT: AdminBillingEntry = {
  ...PAYMENT,
  status: "pending",
  user_id: "usr_1",
  user_email: "ada@example.com",
  invoice_number: "INV-1",
  processed: false,
  refundable: false,
  review_reason: null,
};

describe("subscription status labels", () => {
  for (const status of SubscriptionStatusSchema.options) {
    const label = SUBSCRIPTION_STATUS_LABELS[status];

    it(`name "${status}" ${label} in the billing section and in the admin's user list`, () => {
      const billing = renderToStaticMarkup(<BillingSummary overview={{ ...OVERVIEW, subscription: { ...OVERVIEW.subscription, status } }} />);
      const admin = renderToStaticMarkup(<UsersTable users={[{ ...USER, subscription_status: status }]} onChangeRole={noop} onSetPackage={noop} onShowTimeline={noop} />);
      expect(shownAsText(billing, label)).toBe(true);
      expect(shownAsText(admin, label)).toBe(true);
    });
  }
});

describe("payment status labels", () => {
  for (const status of BillingHistoryStatusSchema.options) {
    const badge = new RegExp(`class="[^"]*${PAYMENT_STATUS_CLASSES[status]}[^"]*">${PAYMENT_STATUS_LABELS[status]}<`);

    it(`show "${status}" as ${PAYMENT_STATUS_LABELS[status]} in the same colours in the billing history and the admin's payments`, () => {
      const billing = renderToStaticMarkup(<BillingHistory entries={[{ ...PAYMENT, status }]} />);
      const admin = renderToStaticMarkup(<BillingTable entries={[{ ...ADMIN_PAYMENT, status }]} busyId={null} onAction={noop} onRefund={noop} />);
      expect(billing).toMatch(badge);
      expect(admin).toMatch(badge);
    });
  }

  it("shows a payment in review as In Review in the same colours to the customer, and to the admin with its reason", () => {
    const badge = new RegExp(`class="[^"]*${PAYMENT_STATUS_CLASSES.review}[^"]*">In Review<`);
    const billing = renderToStaticMarkup(<BillingHistory entries={[{ ...PAYMENT, status: "review" }]} />);
    const admin = renderToStaticMarkup(<BillingTable entries={[{ ...ADMIN_PAYMENT, status: "completed", review_reason: "a reversal that does not match: the provider reports 1.00 USD, the order is for 29.00 USD" }]} busyId={null} onAction={noop} onRefund={noop} />);
    expect(billing).toMatch(badge);
    expect(billing).not.toContain(">Completed<");
    expect(admin).toMatch(badge);
    expect(admin).toContain("a reversal that does not match: the provider reports 1.00 USD, the order is for 29.00 USD");
    expect(admin).toContain('aria-label="Mark reviewed INV-1"');
  });
});

import { z } from "zod";
import { BillingHistoryStatusSchema } from "./billing.js";
import { BillingPeriodSchema } from "./checkout.js";

/** The administrator's billing table and payment reconciliation (`/api/admin/billing`). Money in integer US cents. */

/** Billing rows the administrator sees (newest first). */
export const ADMIN_BILLING_LIMIT = 50;
/** A completed provider payment can be refunded this many days after it was paid. */
export const REFUND_WINDOW_DAYS = 30;

export const AdminBillingEntrySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: BillingHistoryStatusSchema,
  /** ISO timestamp of the billing date. */
  date: z.string(),
  /** The invoice number, else the order's reference, else "#" and the first 8 characters of the id. */
  invoice: z.string(),
  invoice_number: z.string().nullable(),
  plan: z.string().nullable(),
  period: BillingPeriodSchema.nullable(),
  payment_method: z.string().nullable(),
  /** The subscription was activated from this payment (the "Processed" badge). */
  processed: z.boolean(),
  /** Paid through the provider and still refundable (completed, within the refund window). */
  refundable: z.boolean(),
  /** Why the payment waits in the review queue (amount, currency or a reversal not matching); null when it does not. */
  review_reason: z.string().nullable(),
});
export type AdminBillingEntry = z.infer<typeof AdminBillingEntrySchema>;

export const AdminBillingListSchema = z.object({
  entries: z.array(AdminBillingEntrySchema),
  pending_count: z.number().int(),
  /** Payments in the review queue. */
  review_count: z.number().int(),
});
export type AdminBillingList = z.infer<typeof AdminBillingListSchema>;

/** `status=review`: the review queue (flagged payments no administrator has decided about), whatever their stored status. */
export const AdminBillingFilterSchema = z.enum([...BillingHistoryStatusSchema.options, "review"]);
export type AdminBillingFilter = z.infer<typeof AdminBillingFilterSchema>;
export const AdminBillingQuerySchema = z.object({ status: AdminBillingFilterSchema.optional() });

const InvoiceNumber = z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9#/_-]+$/, "Letters, digits and - _ / # only");

/**
 * Mark complete / Complete & Update Plan: an invoice number, or the next INV-YYYY-NNNNNN when
 * absent. A payment in the review queue is completed only with `confirm_review: true` (the
 * administrator saw its reason); without it the answer is 409 naming the reason.
 */
export const CompletePaymentRequestSchema = z.object({ invoice_number: InvoiceNumber.optional(), confirm_review: z.boolean().optional() }).strict();
export type CompletePaymentRequest = z.infer<typeof CompletePaymentRequestSchema>;

export const RefundRequestSchema = z.object({ remarks: z.string().trim().min(1).max(255).optional() }).strict();
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const AdminBillingActionSchema = z.object({
  entry: AdminBillingEntrySchema,
  /** The toast to show ("Payment marked as completed", "User plan updated to … with … requests", …). */
  message: z.string(),
  /** The plan applied (apply-plan only). */
  plan: z
    .object({
      package_name: z.string(),
      request_limit: z.number().int().nullable(),
      period: BillingPeriodSchema,
      expires_at: z.string(),
      source: z.enum(["recorded", "amount_table"]),
    })
    .optional(),
});
export type AdminBillingAction = z.infer<typeof AdminBillingActionSchema>;

/** `PUT /api/admin/users/{id}/package`: put an account on a package, outside any payment. */
export const SetUserPackageRequestSchema = z
  .object({
    package_name: z.string({ error: "Package is required" }).trim().min(1, "Package is required").max(100),
    /** ISO timestamp; null or absent never expires (ignored for the free package). */
    expires_at: z.iso.datetime({ offset: true, error: "Expiry must be an ISO date and time" }).nullable().optional(),
  })
  .strict();
export type SetUserPackageRequest = z.infer<typeof SetUserPackageRequestSchema>;

export const UserPackageSchema = z.object({
  user_id: z.string(),
  package_name: z.string(),
  /** Requests per month; null is unlimited. */
  request_limit: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  /** The toast to show. */
  message: z.string(),
});
export type UserPackage = z.infer<typeof UserPackageSchema>;

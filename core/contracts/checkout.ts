import { z } from "zod";
import { BILLING_PERIODS } from "../plans.js";
import { COUNTRY_CODES } from "./countries.js";

/** The portal API for buying a package (`/api/checkout`, `/api/payments/verify`), shared by the gateway and the portal. */

export const BillingPeriodSchema = z.enum(BILLING_PERIODS);

const requiredText = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);

export const BillingDetailsSchema = z.object({
  first_name: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100),
  last_name: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100),
  email: z.string({ error: "Email is required" }).trim().max(254).pipe(z.email("Enter a valid email address")),
  phone: z
    .string()
    .trim()
    .max(20)
    .regex(/^\+?[0-9 ()-]*$/, "Enter a valid phone number")
    .optional(),
  /** ISO 3166-1 alpha-2, a code in force (COUNTRY_CODES). */
  country: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase())
    .pipe(z.enum(COUNTRY_CODES, { error: "Choose a country from the list" }))
    .default("US"),
  /** SPEC: address, city, state and ZIP are required. */
  address: requiredText("Address", 200),
  city: requiredText("City", 100),
  state: requiredText("State", 100),
  postal_code: requiredText("ZIP / Postal code", 20),
});
export type BillingDetails = z.infer<typeof BillingDetailsSchema>;

/**
 * What the customer is doing: buying (the default), renewing the current plan (needs a live
 * subscription), or changing tier (only for existing Professional subscribers).
 */
export const CheckoutIntentSchema = z.enum(["purchase", "renew", "change"]);
export type CheckoutIntent = z.infer<typeof CheckoutIntentSchema>;

export const CheckoutRequestSchema = z.object({
  /** A package_name of the catalogue. */
  plan: z.string({ error: "Plan is required" }).trim().min(1, "Plan is required").max(100),
  period: BillingPeriodSchema,
  /** The total the customer was shown (the quote's total_cents), in integer US cents; must equal the server's price. */
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? "Amount is required" : "Amount must be a number of cents") })
    .int("Amount must be whole cents")
    .nonnegative("Amount cannot be negative"),
  billing: BillingDetailsSchema,
  /** Absent: a purchase. */
  intent: CheckoutIntentSchema.optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** `GET /api/checkout/quote`: what an order would cost the signed-in user, before any billing details. */
export const CheckoutQuoteQuerySchema = z.object({
  plan: z.string({ error: "Plan is required" }).trim().min(1, "Plan is required").max(100),
  period: BillingPeriodSchema,
  intent: CheckoutIntentSchema.optional(),
});
export type CheckoutQuoteQuery = z.infer<typeof CheckoutQuoteQuerySchema>;

/**
 * `new`: nothing paid is running; `renewal`: the same plan again, from the current end;
 * `upgrade`: starts now, less the unused time of the current plan; `downgrade`: starts when the
 * current period ends.
 */
export const PlanChangeKindSchema = z.enum(["new", "renewal", "upgrade", "downgrade"]);

export const CheckoutQuoteSchema = z.object({
  plan: z.string(),
  plan_display_name: z.string(),
  period: BillingPeriodSchema,
  change: PlanChangeKindSchema,
  /** The plan running now, when a paid one is. */
  current_plan_display_name: z.string().nullable(),
  /** The period's price after the period discount, in cents. */
  subtotal_cents: z.number().int(),
  /** Unused time of the current plan taken off the price (upgrades only). */
  credit_cents: z.number().int(),
  /** What is charged: the `amount` the checkout must send. */
  total_cents: z.number().int(),
  /** ISO timestamps: the period this payment buys. */
  starts_at: z.string(),
  ends_at: z.string(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>;

export const CheckoutResponseSchema = z.object({
  redirect_url: z.string(),
  order_tracking_id: z.string(),
  merchant_reference: z.string(),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/**
 * `GET /api/payments/orders/:orderTrackingId`: the signed-in user's order as the server recorded
 * it, for the page around the provider's frame. Read from our records; the provider is not asked.
 */
export const PaymentOrderSchema = z.object({
  order_tracking_id: z.string(),
  merchant_reference: z.string(),
  /** The order's stored status (payment_orders.status). */
  status: z.enum(["pending", "completed", "failed", "cancelled", "refunded"]),
  /** package_name of the catalogue, and its name there. */
  plan: z.string(),
  plan_display_name: z.string(),
  period: BillingPeriodSchema,
  /** What is charged, in integer cents of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  /** ISO timestamp: an unpaid order is cancelled after this; null once it is no longer pending. */
  expires_at: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

/**
 * Where a payment stands after the server asked the provider. `review`: the provider's record
 * disagrees with the order (reference, amount or currency), so nothing was activated.
 */
export const PAYMENT_STATES = ["pending", "completed", "failed", "cancelled", "reversed", "review"] as const;
export const PaymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

export const PaymentVerificationSchema = z.object({
  status: PaymentStateSchema,
  order_tracking_id: z.string(),
  merchant_reference: z.string(),
  plan: z.string(),
  period: BillingPeriodSchema,
  amount: z.number().int(),
  currency: z.string(),
  invoice_number: z.string().nullable(),
  message: z.string(),
});
export type PaymentVerification = z.infer<typeof PaymentVerificationSchema>;

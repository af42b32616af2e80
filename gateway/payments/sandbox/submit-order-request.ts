import { z } from "zod";

/**
 * SubmitOrderRequest's body (PESAPAL.md 1.3), checked field by field in the table's order. The
 * first problem is reported as Pesapal reports one: an error code and a message.
 */

/** Currencies the sandbox merchant account is enabled for. */
export const ENABLED_CURRENCIES = ["USD", "KES", "UGX", "TZS", "RWF", "MWK", "ZMW"] as const;

const httpUrl = z.string().refine((value) => {
  const url = URL.parse(value);
  return url !== null && (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
});
const optionalText = (max: number) => z.string().max(max).optional();

// Pesapal documents amount as a float; clients send numbers or numeric strings.
const Amount = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)])
  .refine((value) => Number.isFinite(value) && value > 0)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6)
  .transform((value) => Math.round(value * 100) / 100);

const BillingAddressSchema = z
  .object({
    email_address: z.email().max(254).optional(),
    phone_number: z.string().regex(/^\+?[\d\s-]{7,20}$/).optional(),
    country_code: z.string().regex(/^[A-Za-z]{2}$/).optional(),
    first_name: optionalText(100),
    middle_name: optionalText(100),
    last_name: optionalText(100),
    line_1: optionalText(200),
    line_2: optionalText(200),
    city: optionalText(100),
    state: optionalText(3),
    postal_code: optionalText(20),
    zip_code: optionalText(20),
  })
  .refine((address) => Boolean(address.email_address || address.phone_number), { path: ["email_address"] });

const SubmitOrderSchema = z.object({
  id: z.string().min(1).max(50).regex(/^[A-Za-z0-9-]+$/),
  currency: z.enum(ENABLED_CURRENCIES),
  amount: Amount,
  description: z.string().trim().min(1).max(100),
  callback_url: httpUrl,
  cancellation_url: httpUrl.optional(),
  redirect_mode: z.enum(["TOP_WINDOW", "PARENT_WINDOW"]).optional(),
  notification_id: z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/),
  branch: optionalText(100),
  billing_address: BillingAddressSchema,
  account_number: optionalText(100),
  subscription_details: z
    .object({
      start_date: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
      end_date: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
      frequency: z.enum(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"]),
    })
    .optional(),
});
export type SubmitOrderRequest = z.infer<typeof SubmitOrderSchema>;

const FIELD_ERRORS: Record<string, { code: string; message: string }> = {
  id: { code: "invalid_merchant_reference", message: "id is required: at most 50 characters, letters, digits and dashes only" },
  currency: { code: "invalid_currency", message: `currency must be one the merchant is enabled for: ${ENABLED_CURRENCIES.join(", ")}` },
  amount: { code: "invalid_amount", message: "amount must be a number greater than 0 with at most 2 decimals" },
  description: { code: "invalid_description", message: "description is required, at most 100 characters" },
  callback_url: { code: "invalid_callback_url", message: "callback_url must be an absolute http(s) URL" },
  cancellation_url: { code: "invalid_cancellation_url", message: "cancellation_url must be an absolute http(s) URL" },
  redirect_mode: { code: "invalid_redirect_mode", message: "redirect_mode must be TOP_WINDOW or PARENT_WINDOW" },
  notification_id: { code: "invalid_notification_id", message: "notification_id must be the ipn_id of a registered IPN URL" },
  billing_address: { code: "invalid_billing_address", message: "billing_address requires email_address or phone_number" },
};
const FIELD_ORDER = Object.keys(FIELD_ERRORS);

export type SubmitOrderCheck = { ok: true; value: SubmitOrderRequest } | { ok: false; code: string; message: string };

export function checkSubmitOrderRequest(body: unknown): SubmitOrderCheck {
  const parsed = SubmitOrderSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = parsed.error.issues.map((issue) => String(issue.path[0] ?? ""));
  const first = FIELD_ORDER.find((field) => fields.includes(field));
  if (first === "billing_address") {
    const issue = parsed.error.issues.find((candidate) => candidate.path[0] === "billing_address" && candidate.path.length > 1 && candidate.code !== "custom");
    if (issue) return { ok: false, code: "invalid_billing_address", message: `billing_address.${String(issue.path[1])} is not valid` };
  }
  const error = (first && FIELD_ERRORS[first]) || { code: "invalid_request", message: `Invalid order request: ${fields.filter(Boolean).join(", ") || "a JSON object is required"}` };
  return { ok: false, ...error };
}

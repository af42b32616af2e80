import { z } from "zod";

/**
 * Pesapal API 3.0 request bodies as the stand-in accepts them (PESAPAL.md 1.2, 1.3). Optional
 * members may arrive as null, as Pesapal's own SDKs send them.
 */

const HttpUrl = z.url({ protocol: /^https?$/ });
const Optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);
const OptionalText = (max = 200) => Optional(z.string().trim().max(max));

/** A JSON number or a plain decimal string ("100.00"), positive. */
const PositiveAmount = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/, "a decimal amount").transform(Number)])
  .pipe(z.number().positive().finite());

const UpperCaseEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(values));

export const TokenRequestSchema = z.object({
  consumer_key: z.string(),
  consumer_secret: z.string(),
});

export const RegisterIpnRequestSchema = z.object({
  url: HttpUrl,
  ipn_notification_type: UpperCaseEnum(["GET", "POST"]),
});

/** `email_address` or `phone_number` is required; `state` is at most 3 characters. */
export const BillingAddressSchema = z
  .object({
    email_address: Optional(z.email()),
    phone_number: Optional(z.string().trim().regex(/^\+?[0-9 ]{7,20}$/, "a phone number")),
    country_code: Optional(z.string().regex(/^[A-Za-z]{2}$/, "an ISO 3166-1 alpha-2 code")),
    first_name: OptionalText(),
    middle_name: OptionalText(),
    last_name: OptionalText(),
    line_1: OptionalText(),
    line_2: OptionalText(),
    city: OptionalText(),
    state: OptionalText(3),
    postal_code: OptionalText(),
    zip_code: OptionalText(),
  })
  .refine((address) => Boolean(address.email_address || address.phone_number), {
    message: "email_address or phone_number is required",
    path: ["email_address"],
  });

const PesapalDay = z.string().regex(/^\d{2}-\d{2}-\d{4}$/, "dd-MM-yyyy");

export const SubmitOrderRequestSchema = z.object({
  /** The merchant reference: letters, digits, hyphens, underscores, periods or colons; at most 50. */
  id: z.string().regex(/^[A-Za-z0-9._:-]{1,50}$/, "1 to 50 letters, digits, '-', '_', '.' or ':'"),
  currency: z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code"),
  amount: PositiveAmount,
  description: z.string().trim().min(1).max(100),
  callback_url: HttpUrl,
  cancellation_url: Optional(z.union([HttpUrl, z.literal("")])),
  redirect_mode: Optional(z.union([UpperCaseEnum(["TOP_WINDOW", "PARENT_WINDOW"]), z.literal("")])),
  notification_id: z.string().trim().min(1),
  branch: OptionalText(),
  billing_address: BillingAddressSchema,
  account_number: OptionalText(),
  subscription_details: Optional(
    z.object({
      start_date: PesapalDay,
      end_date: PesapalDay,
      frequency: UpperCaseEnum(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"]),
    }),
  ),
});
export type SubmitOrderRequest = z.infer<typeof SubmitOrderRequestSchema>;

/** All four members required; `amount` documented as a Float, sent as a string by the official sample. */
export const RefundRequestSchema = z.object({
  confirmation_code: z.string().trim().min(1),
  amount: PositiveAmount,
  username: z.string().trim().min(1),
  remarks: z.string().trim().min(1),
});

export const CancelOrderRequestSchema = z.object({
  order_tracking_id: z.string().trim().min(1),
});

/** "field: message" for the first problem, as the stand-in's error message. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid request";
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

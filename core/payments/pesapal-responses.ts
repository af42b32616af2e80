import { z } from "zod";

/**
 * Pesapal API 3.0 response bodies (see PESAPAL.md). Loose objects: Pesapal adds fields freely.
 * `status` arrives as a string ("200", "500"); numbers are accepted too.
 */

const StatusField = z.union([z.string(), z.number()]).nullish();
const NullableText = z.string().nullish();

/** Both the documented `{type, code, message}` and the observed `{error_type, code, message, call_back_url}`. */
export const PesapalErrorObjectSchema = z.looseObject({
  type: NullableText,
  error_type: NullableText,
  code: NullableText,
  message: NullableText,
});

/** Any Pesapal body that may carry an error: nested `error`, or the observed members at the top level. */
export const PesapalEnvelopeSchema = z.looseObject({
  error: PesapalErrorObjectSchema.nullish(),
  error_type: NullableText,
  code: z.union([z.string(), z.number()]).nullish(),
  status: StatusField,
  message: NullableText,
});
export type PesapalEnvelope = z.infer<typeof PesapalEnvelopeSchema>;

export const TokenResponseSchema = z.looseObject({
  token: z.string().min(1),
  expiryDate: z.string().min(1),
});

export const RegisterIpnResponseSchema = z.looseObject({
  ipn_id: z.string().min(1),
  url: NullableText,
});

export const IpnRowSchema = z.looseObject({
  url: z.string(),
  ipn_id: z.string().min(1),
  /** 0 = GET, 1 = POST when present (live rows only). */
  notification_type: z.union([z.number(), z.string()]).nullish(),
  ipn_notification_type_description: NullableText,
  /** 1 = Active when present. */
  ipn_status: z.union([z.number(), z.string()]).nullish(),
});
export type IpnRow = z.infer<typeof IpnRowSchema>;
export const IpnListSchema = z.array(z.unknown());

export const SubmitOrderResponseSchema = z.looseObject({
  order_tracking_id: z.string().min(1),
  merchant_reference: z.string().min(1),
  redirect_url: z.url(),
});

const Amount = z.union([z.number(), z.string()]);

export const TransactionStatusResponseSchema = z.looseObject({
  status_code: z.union([z.number(), z.string()]),
  payment_status_description: NullableText,
  description: NullableText,
  amount: Amount.nullish(),
  currency: NullableText,
  merchant_reference: NullableText,
  confirmation_code: NullableText,
  payment_method: NullableText,
  payment_account: NullableText,
  created_date: NullableText,
  payment_status_code: NullableText,
});
export type TransactionStatusResponse = z.infer<typeof TransactionStatusResponseSchema>;

/** The documented error in the envelope, if any: `error.code`, else a top-level observed `code`. */
export function envelopeError(envelope: PesapalEnvelope): { code: string; message: string } | null {
  const nested = envelope.error;
  if (nested?.code) return { code: nested.code, message: nested.message ?? "" };
  if (envelope.error_type && envelope.code !== undefined && envelope.code !== null) {
    return { code: String(envelope.code), message: envelope.message ?? "" };
  }
  return null;
}

/** "200" (or 200) is success; a missing status counts as success when nothing else says otherwise. */
export function envelopeStatus(envelope: PesapalEnvelope): string | null {
  return envelope.status === undefined || envelope.status === null ? null : String(envelope.status).trim();
}

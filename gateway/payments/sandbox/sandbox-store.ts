import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import type { Redis } from "../../../core/redis.js";

/**
 * The sandbox's state in Redis (under the gateway's key prefix), so every gateway process serves
 * the same tokens, IPN registrations and orders. Everything expires after a few days.
 */

const STATE_TTL_SECONDS = 3 * 24 * 60 * 60;
const KEY = {
  settings: "sandbox:pesapal:settings",
  token: (token: string) => `sandbox:pesapal:token:${createHash("sha256").update(token).digest("hex")}`,
  ipns: "sandbox:pesapal:ipns",
  order: (trackingId: string) => `sandbox:pesapal:order:${trackingId.toLowerCase()}`,
  reference: (reference: string) => `sandbox:pesapal:reference:${reference}`,
  confirmation: (code: string) => `sandbox:pesapal:confirmation:${code}`,
};

// ---- knobs ------------------------------------------------------------------------------------

export const SandboxSettingsSchema = z.object({
  /** RequestToken's lifetime (Pesapal: 5 minutes). */
  token_lifetime_seconds: z.number().int().min(1).max(86_400).default(300),
  /** A paid order reads status 0 for this long, then 1 (and its IPN is sent then). */
  completion_delay_seconds: z.number().int().min(0).max(3_600).default(0),
  /** Send every IPN twice, as Pesapal sometimes does. */
  duplicate_ipns: z.boolean().default(false),
  /** First IPN retry after this long, doubling each attempt. */
  ipn_retry_base_ms: z.number().int().min(10).max(600_000).default(2_000),
  ipn_max_attempts: z.number().int().min(1).max(20).default(10),
  /** How a customer's Cancel reads (with request_terminated_by_user): 0 INVALID, as Pesapal's demo site answers, or 2 FAILED, as its live site does. */
  cancellation_status_code: z.union([z.literal(0), z.literal(2)]).default(0),
});
export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;
export const SandboxSettingsPatchSchema = SandboxSettingsSchema.partial().strict();

export async function readSettings(redis: Redis): Promise<SandboxSettings> {
  const raw = await redis.get(KEY.settings);
  const parsed = SandboxSettingsSchema.safeParse(raw ? JSON.parse(raw) : {});
  return parsed.success ? parsed.data : SandboxSettingsSchema.parse({});
}

export async function updateSettings(redis: Redis, patch: Partial<SandboxSettings>): Promise<SandboxSettings> {
  const settings = { ...(await readSettings(redis)), ...patch };
  await redis.set(KEY.settings, JSON.stringify(settings), "EX", STATE_TTL_SECONDS);
  return settings;
}

// ---- tokens -----------------------------------------------------------------------------------

export async function issueToken(redis: Redis, lifetimeSeconds: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + lifetimeSeconds * 1000);
  await redis.set(KEY.token(token), expiresAt.toISOString(), "PX", lifetimeSeconds * 1000);
  return { token, expiresAt };
}

export async function isTokenValid(redis: Redis, token: string, now: Date): Promise<boolean> {
  const expiresAt = await redis.get(KEY.token(token));
  return expiresAt !== null && Date.parse(expiresAt) > now.getTime();
}

// ---- IPN registrations ------------------------------------------------------------------------

export const IpnRegistrationSchema = z.object({
  ipn_id: z.string(),
  url: z.string(),
  created_date: z.string(),
  notification_type: z.enum(["GET", "POST"]),
});
export type IpnRegistration = z.infer<typeof IpnRegistrationSchema>;

export async function registerIpn(redis: Redis, url: string, type: "GET" | "POST", now: Date): Promise<IpnRegistration> {
  const registration: IpnRegistration = { ipn_id: randomUUID(), url, created_date: pesapalDate(now), notification_type: type };
  await redis.multi().hset(KEY.ipns, registration.ipn_id, JSON.stringify(registration)).expire(KEY.ipns, STATE_TTL_SECONDS).exec();
  return registration;
}

export async function listIpns(redis: Redis): Promise<IpnRegistration[]> {
  const rows = Object.values(await redis.hgetall(KEY.ipns));
  return rows
    .map((row) => IpnRegistrationSchema.safeParse(JSON.parse(row)))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .sort((a, b) => a.created_date.localeCompare(b.created_date));
}

export async function findIpn(redis: Redis, ipnId: string): Promise<IpnRegistration | undefined> {
  const raw = await redis.hget(KEY.ipns, ipnId.toLowerCase());
  const parsed = raw ? IpnRegistrationSchema.safeParse(JSON.parse(raw)) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

// ---- orders -----------------------------------------------------------------------------------

export const SandboxPaymentSchema = z.object({
  outcome: z.enum(["completed", "failed", "cancelled"]),
  channel: z.enum(["card", "mobile_money"]),
  method: z.string(),
  account: z.string(),
  confirmation_code: z.string().nullable(),
  description: z.string(),
  payment_status_code: z.string(),
  /** When a completed payment starts reading status 1 (the delayed-completion knob). */
  settles_at: z.string(),
  /** A cancelled payment's status code (the cancellation_status_code knob when it was cancelled). */
  cancellation_status_code: z.union([z.literal(0), z.literal(2)]).optional(),
});
export type SandboxPayment = z.infer<typeof SandboxPaymentSchema>;

export const SandboxOrderSchema = z.object({
  order_tracking_id: z.string(),
  merchant_reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  callback_url: z.string(),
  cancellation_url: z.string().nullable(),
  redirect_mode: z.string(),
  notification_id: z.string(),
  branch: z.string().nullable(),
  account_number: z.string().nullable(),
  billing_address: z.record(z.string(), z.string()),
  created_date: z.string(),
  payment: SandboxPaymentSchema.nullable(),
  reversed_at: z.string().nullable(),
  refund: z.object({ amount: z.number(), username: z.string(), remarks: z.string(), requested_at: z.string() }).nullable(),
  /** A merchant's CancelOrder (not the customer's Cancel button, which is a payment outcome). */
  cancelled_at: z.string().nullable(),
});
export type SandboxOrder = z.infer<typeof SandboxOrderSchema>;

/** Claims the merchant reference (unique per order request), then stores the order; false if the reference was used. */
export async function createOrder(redis: Redis, order: SandboxOrder): Promise<boolean> {
  const claimed = await redis.set(KEY.reference(order.merchant_reference), order.order_tracking_id, "EX", STATE_TTL_SECONDS, "NX");
  if (claimed !== "OK") return false;
  await redis.set(KEY.order(order.order_tracking_id), JSON.stringify(order), "EX", STATE_TTL_SECONDS);
  return true;
}

export async function findOrder(redis: Redis, trackingId: string): Promise<SandboxOrder | undefined> {
  const raw = await redis.get(KEY.order(trackingId));
  const parsed = raw ? SandboxOrderSchema.safeParse(JSON.parse(raw)) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

export async function findOrderByConfirmationCode(redis: Redis, code: string): Promise<SandboxOrder | undefined> {
  const trackingId = await redis.get(KEY.confirmation(code));
  return trackingId ? findOrder(redis, trackingId) : undefined;
}

// Compare-and-set: the order changes only if nobody changed it since it was read.
const REPLACE_IF_UNCHANGED = `
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return 0 end
redis.call("SET", KEYS[1], ARGV[2], "KEEPTTL")
return 1`;

/**
 * Applies `change` to the order atomically (retrying if another request changed it first).
 * `change` returns the new order, or a refusal (a string) that is passed back unchanged.
 */
export async function updateOrder<R extends string>(
  redis: Redis,
  trackingId: string,
  change: (order: SandboxOrder) => SandboxOrder | R,
): Promise<{ order: SandboxOrder } | { refused: R } | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const raw = await redis.get(KEY.order(trackingId));
    if (!raw) return undefined;
    const current = SandboxOrderSchema.parse(JSON.parse(raw));
    const next = change(current);
    if (typeof next === "string") return { refused: next };
    const replaced = await redis.eval(REPLACE_IF_UNCHANGED, 1, KEY.order(trackingId), raw, JSON.stringify(next));
    if (replaced === 1) {
      const code = next.payment?.confirmation_code;
      if (code) await redis.set(KEY.confirmation(code), next.order_tracking_id, "EX", STATE_TTL_SECONDS);
      return { order: next };
    }
  }
  throw new Error("sandbox order kept changing under concurrent updates");
}

/** Pesapal's timestamps: local ISO without a zone, e.g. "2022-04-30T07:41:09.763". */
export function pesapalDate(date: Date): string {
  return date.toISOString().replace("Z", "");
}

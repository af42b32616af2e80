import { z } from "zod";

/** The portal API for API keys (`/api/keys`), shared by the gateway and the portal. */
export const KEY_MODES = ["live", "test"] as const;
export const KEY_PERMISSIONS = ["read", "write", "admin"] as const;
/** Monthly caps a key can be given; null is unlimited. */
export const KEY_MONTHLY_CAPS = [5_000, 10_000, 50_000, null] as const;

export const KeyModeSchema = z.enum(KEY_MODES);
export const KeyPermissionSchema = z.enum(KEY_PERMISSIONS);
export type KeyMode = z.infer<typeof KeyModeSchema>;
export type KeyPermission = z.infer<typeof KeyPermissionSchema>;

export const PERMISSION_LABELS: Record<KeyPermission, string> = {
  read: "Read Only",
  write: "Read & Write",
  admin: "Full Access",
};

export const KEY_NAME_REQUIRED = "Please enter a key name";

export const CreateKeyRequestSchema = z.object({
  name: z.string({ error: KEY_NAME_REQUIRED }).trim().min(1, KEY_NAME_REQUIRED).max(100, "Key name is too long"),
  mode: KeyModeSchema.default("live"),
  permission: KeyPermissionSchema.default("write"),
  monthly_cap: z.union([z.literal(5_000), z.literal(10_000), z.literal(50_000), z.null()]).default(null),
  /** Optional expiry (ISO 8601, in the future). */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type CreateKeyRequest = z.infer<typeof CreateKeyRequestSchema>;

export const RotateKeyRequestSchema = z.object({
  /** How long the old key keeps working, in hours (0 to 168). */
  grace_hours: z.number().int().min(0).max(168).default(24),
});
export type RotateKeyRequest = z.infer<typeof RotateKeyRequestSchema>;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Masked for display: first 8 characters, stars, last 4. */
  masked: z.string(),
  mode: KeyModeSchema,
  permission: KeyPermissionSchema,
  monthly_cap: z.number().int().nullable(),
  is_active: z.boolean(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  /** Requests made with this key this calendar month (UTC). */
  usage_this_month: z.number().int(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });

/** The answer to create and rotate: the only time the full key is ever shown. */
export const CreatedKeySchema = z.object({ key: ApiKeySchema, secret: z.string() });
export type CreatedKey = z.infer<typeof CreatedKeySchema>;

/** `sk_live_1234…abcd` as the spec shows keys: first 8 characters, stars, last 4. */
export function maskKey(first8: string, last4: string): string {
  return `${first8}${"*".repeat(20)}${last4}`;
}

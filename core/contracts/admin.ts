import { z } from "zod";
import { RoleSchema } from "./auth.js";
import { SubscriptionStatusSchema } from "./billing.js";
import { BillingPeriodSchema } from "./checkout.js";

/** The administrator's dashboard API (`/api/admin/*`, admin only). Money in integer US cents. */

export const AdminStatsSchema = z.object({
  total_users: z.number().int(),
  /** Accounts on a paid package that has not expired. */
  active_packages: z.number().int(),
  /** Live requests this calendar month (UTC), all accounts, as stored (the engine flushes usage every 5 s). */
  total_requests: z.number().int(),
  /** Paid packages expiring within 7 days. */
  expiring_soon: z.number().int(),
  pending_payments: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const AdminUsersQuerySchema = z.object({
  /** Matches e-mail or name, case-insensitive. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: RoleSchema,
  email_confirmed: z.boolean(),
  created_at: z.string(),
  package_name: z.string().nullable(),
  /** The package's display name; "No Package" when the account has none. */
  package_display_name: z.string(),
  expires_at: z.string().nullable(),
  /** Live requests this month. */
  usage: z.number().int(),
  /** Monthly allowance; null is unlimited. */
  limit: z.number().int().nullable(),
  subscription_status: SubscriptionStatusSchema,
  status_badge: z.enum(["Expiring Soon", "Active", "Expired", "Free Plan"]),
  period: BillingPeriodSchema.nullable(),
  next_billing_date: z.string().nullable(),
  amount: z.number().int().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.object({ users: z.array(AdminUserSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

export const SetRoleRequestSchema = z.object({ role: RoleSchema }).strict();

export const PackageDefinitionSchema = z.object({
  package_name: z.string(),
  display_name: z.string(),
  /** -1 is unlimited. */
  request_limit: z.number().int(),
  rate_limit_per_minute: z.number().int(),
  data_limit_bytes: z.number().int(),
  monthly_price_cents: z.number().int(),
  contact_sales: z.boolean(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});
export type PackageDefinition = z.infer<typeof PackageDefinitionSchema>;

export const UpdatePackageRequestSchema = z
  .object({
    display_name: z.string().trim().min(1, "Display name is required").max(100),
    request_limit: z.number().int().min(-1, "Use -1 for unlimited"),
    rate_limit_per_minute: z.number().int().min(1, "Rate limit must be at least 1 per minute"),
    data_limit_bytes: z.number().int().min(-1, "Use -1 for unlimited"),
    monthly_price_cents: z.number().int().min(0, "Price cannot be negative"),
    is_active: z.boolean(),
  })
  .partial()
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, "Change at least one field");

export const AuditEntrySchema = z.object({
  id: z.string(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  metadata: z.unknown(),
  created_at: z.string(),
});
export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema) });
export const AuditQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), action: z.string().trim().max(100).optional() });

export const INCIDENT_STATUSES = ["investigating", "identified", "monitoring", "resolved", "completed"] as const;
export const INCIDENT_IMPACTS = ["none", "minor", "major", "critical"] as const;
export const IncidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  impact: z.enum(INCIDENT_IMPACTS),
  started_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type Incident = z.infer<typeof IncidentSchema>;
export const IncidentListSchema = z.object({ incidents: z.array(IncidentSchema) });
export const CreateIncidentRequestSchema = z
  .object({
    title: z.string().trim().min(1, "Title is required").max(200),
    description: z.string().trim().max(5_000).default(""),
    status: z.enum(INCIDENT_STATUSES).default("investigating"),
    impact: z.enum(INCIDENT_IMPACTS).default("minor"),
  })
  .strict();
export const UpdateIncidentRequestSchema = z
  .object({
    title: z.string().trim().min(1, "Title is required").max(200),
    description: z.string().trim().max(5_000),
    status: z.enum(INCIDENT_STATUSES),
    impact: z.enum(INCIDENT_IMPACTS),
  })
  .partial()
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, "Change at least one field");

/** "Add API Usage": a day's request count for one account and endpoint category, set to this absolute value. */
export const SetUsageRequestSchema = z
  .object({
    user_id: z.string({ error: "Please fill in all required fields" }).trim().min(1, "Please fill in all required fields"),
    endpoint: z.enum(["/api/data-processing", "/api/analytics", "/api/webhooks", "/api/general"], { error: "Please fill in all required fields" }),
    request_count: z.number({ error: "Please fill in all required fields" }).int("Request count must be a whole number").min(1, "Request count must be at least 1"),
    /** UTC day, YYYY-MM-DD; today when absent. */
    date: z.iso.date("Date must be YYYY-MM-DD").optional(),
  })
  .strict();
export type SetUsageRequest = z.infer<typeof SetUsageRequestSchema>;

export const SetUsageResponseSchema = z.object({
  user_id: z.string(),
  endpoint: z.string(),
  date: z.string(),
  previous: z.number().int(),
  current: z.number().int(),
  /** This month's live requests after the change, the allowance (null: unlimited) and what remains. */
  month_usage: z.number().int(),
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  message: z.string(),
});

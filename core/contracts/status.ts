import { z } from "zod";

/**
 * The public status page's API (`/api/status`, no session), shared by the gateway and the portal:
 * live component health from the engine's probe samples, recent incidents, and e-mail
 * subscriptions confirmed by a link. Statuses are SPEC.md's: operational, degraded, down.
 */

/** The components the engine's probe checks every minute, in the order the page lists them. */
export const STATUS_COMPONENTS = [
  { id: "gateway", name: "API Gateway", description: "Public API, portal API and sign-in" },
  { id: "database", name: "Database", description: "Accounts, keys, workflows and billing records" },
  { id: "queue_workers", name: "Queue Workers", description: "Workflow runs, e-mail and scheduled jobs" },
  { id: "webhook_delivery", name: "Webhook Delivery", description: "Outgoing webhooks to your endpoints" },
  { id: "analytics_engine", name: "Analytics Engine", description: "Data analysis and cleaning" },
] as const;

export const StatusComponentIdSchema = z.enum(["gateway", "database", "queue_workers", "webhook_delivery", "analytics_engine"]);
export type StatusComponentId = z.infer<typeof StatusComponentIdSchema>;

export const ServiceStatusSchema = z.enum(["operational", "degraded", "down"]);
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

/** The days of history the page shows, and the window of the uptime percentage. */
export const STATUS_HISTORY_DAYS = 90;

export const StatusDaySchema = z.object({
  /** A UTC calendar day, YYYY-MM-DD. */
  date: z.string(),
  /** Null when no sample was taken that day. */
  status: ServiceStatusSchema.nullable(),
  /** Share of that day's samples that were not down; null without samples. */
  uptime_percent: z.number().nullable(),
});
export type StatusDay = z.infer<typeof StatusDaySchema>;

export const StatusComponentSchema = z.object({
  id: StatusComponentIdSchema,
  name: z.string(),
  description: z.string(),
  status: ServiceStatusSchema,
  /** Share of the last 90 days' samples that were not down; null before the first sample. */
  uptime_percent: z.number().nullable(),
  /** Median response time of the component's check over the last hour (ms); null without samples. */
  latency_ms: z.number().int().nullable(),
  /** When the latest sample of the last hour was taken; null when the probe has not run for an hour. */
  checked_at: z.iso.datetime().nullable(),
  /** One entry per UTC day, oldest first, ending today. */
  history: z.array(StatusDaySchema),
});
export type StatusComponent = z.infer<typeof StatusComponentSchema>;

export const IncidentStatusSchema = z.enum(["investigating", "identified", "monitoring", "resolved", "completed"]);
export type IncidentStatus = z.infer<typeof IncidentStatusSchema>;
export const IncidentImpactSchema = z.enum(["none", "minor", "major", "critical"]);
export type IncidentImpact = z.infer<typeof IncidentImpactSchema>;

export const StatusIncidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: IncidentStatusSchema,
  impact: IncidentImpactSchema,
  started_at: z.iso.datetime(),
  resolved_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime(),
});
export type StatusIncident = z.infer<typeof StatusIncidentSchema>;

export const StatusPageSchema = z.object({
  /** The worst current status of any component. */
  status: ServiceStatusSchema,
  components: z.array(StatusComponentSchema),
  /** The latest incidents, newest first. */
  incidents: z.array(StatusIncidentSchema),
  generated_at: z.iso.datetime(),
});
export type StatusPage = z.infer<typeof StatusPageSchema>;

/** The token of a confirmation or unsubscribe link (32 random bytes, base64url; an incident notice's unsubscribe link is signed). */
export const StatusTokenRequestSchema = z.object({
  token: z.string().min(20).max(200),
});
export type StatusTokenRequest = z.infer<typeof StatusTokenRequestSchema>;

export const StatusMessageSchema = z.object({ message: z.string() });
export type StatusMessage = z.infer<typeof StatusMessageSchema>;

/** The texts the server answers with; the portal shows them as they are. */
export const STATUS_MESSAGES = {
  /** The same whether or not the address was already subscribed. */
  subscribeSent: "Check your inbox: we sent a link to confirm your subscription to status updates.",
  confirmed: "Your subscription is confirmed. You'll receive status updates by email.",
  unsubscribed: "You have been unsubscribed from status updates.",
} as const;

/** Query parameters of the links in subscription e-mails (the portal's /status page reads them). */
export const STATUS_LINK_PARAMS = { confirm: "confirm_subscription", unsubscribe: "unsubscribe" } as const;

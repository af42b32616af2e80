import { z } from "zod";
import {
  AdminStatsSchema,
  AdminUserListSchema,
  AuditListSchema,
  IncidentListSchema,
  IncidentSchema,
  PackageDefinitionSchema,
  SetUsageResponseSchema,
  type AdminStats,
  type AdminUserList,
  type Incident,
  type PackageDefinition,
  type SetUsageRequest,
} from "../../../../../core/contracts/admin";
import {
  AdminBillingActionSchema,
  AdminBillingListSchema,
  UserPackageSchema,
  type AdminBillingAction,
  type AdminBillingFilter,
  type AdminBillingList,
  type SetUserPackageRequest,
  type UserPackage,
} from "../../../../../core/contracts/admin-billing";
import { RoleSchema, type Role } from "../../../../../core/contracts/auth";
import { AccountTimelineSchema, type AccountTimeline } from "../../../../../core/contracts/billing";
import { apiRequest } from "../../../lib/api-client";
import { env } from "../../../lib/env";

/** The calls of the gateway's admin API (`/api/admin/*`, admin only; cookie session, CSRF header added by the client). */

export type SetUsageResponse = z.infer<typeof SetUsageResponseSchema>;
export type AuditEntry = z.infer<typeof AuditListSchema>["entries"][number];
export type IncidentChanges = Partial<Pick<Incident, "title" | "description" | "status" | "impact">>;
export type NewIncident = Pick<Incident, "title" | "description" | "status" | "impact">;
export type PackageChanges = Partial<Pick<PackageDefinition, "display_name" | "request_limit" | "rate_limit_per_minute" | "data_limit_bytes" | "monthly_price_cents" | "is_active">>;

const RoleChangeSchema = z.object({ id: z.string(), role: RoleSchema, message: z.string() });
const PackageListSchema = z.object({ packages: z.array(PackageDefinitionSchema) });

const segment = encodeURIComponent;

export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiRequest("/api/admin/stats", { schema: AdminStatsSchema, signal });
}

export function listAdminUsers(query: { search: string; page: number; limit: number }, signal?: AbortSignal): Promise<AdminUserList> {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.search.trim() !== "") params.set("search", query.search.trim());
  return apiRequest(`/api/admin/users?${params.toString()}`, { schema: AdminUserListSchema, signal });
}

export function setUserRole(userId: string, role: Role): Promise<z.infer<typeof RoleChangeSchema>> {
  return apiRequest(`/api/admin/users/${segment(userId)}/role`, { method: "PUT", body: { role }, schema: RoleChangeSchema });
}

export function getUserTimeline(userId: string, signal?: AbortSignal): Promise<AccountTimeline> {
  return apiRequest(`/api/admin/users/${segment(userId)}/timeline`, { schema: AccountTimelineSchema, signal });
}

export function setUserPackage(userId: string, request: SetUserPackageRequest): Promise<UserPackage> {
  return apiRequest(`/api/admin/users/${segment(userId)}/package`, { method: "PUT", body: request, schema: UserPackageSchema });
}

export function setUsage(request: SetUsageRequest): Promise<SetUsageResponse> {
  return apiRequest("/api/admin/usage", { method: "POST", body: request, schema: SetUsageResponseSchema });
}

/** The table's filter: every payment, the pending ones, or the review queue. */
export type BillingFilter = "all" | Extract<AdminBillingFilter, "pending" | "review">;

export function listAdminBilling(filter: BillingFilter, signal?: AbortSignal): Promise<AdminBillingList> {
  return apiRequest(filter === "all" ? "/api/admin/billing" : `/api/admin/billing?status=${filter}`, { schema: AdminBillingListSchema, signal });
}

export type BillingAction = "complete" | "apply-plan" | "refund" | "mark-reviewed";

/** Mark complete, Complete & Update Plan (also re-applies a completed payment's plan), refund, or Mark Reviewed. */
export function runBillingAction(billingId: string, action: BillingAction, body: { remarks?: string; confirm_review?: boolean } = {}): Promise<AdminBillingAction> {
  return apiRequest(`/api/admin/billing/${segment(billingId)}/${action}`, { method: "POST", body, schema: AdminBillingActionSchema });
}

export async function listPackages(signal?: AbortSignal): Promise<PackageDefinition[]> {
  const { packages } = await apiRequest("/api/admin/packages", { schema: PackageListSchema, signal });
  return packages;
}

export function updatePackage(name: string, changes: PackageChanges): Promise<PackageDefinition> {
  return apiRequest(`/api/admin/packages/${segment(name)}`, { method: "PATCH", body: changes, schema: PackageDefinitionSchema });
}

export async function listAudit(action: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  const params = new URLSearchParams({ limit: "50" });
  if (action.trim() !== "") params.set("action", action.trim());
  const { entries } = await apiRequest(`/api/admin/audit?${params.toString()}`, { schema: AuditListSchema, signal });
  return entries;
}

export async function listIncidents(signal?: AbortSignal): Promise<Incident[]> {
  const { incidents } = await apiRequest("/api/admin/incidents", { schema: IncidentListSchema, signal });
  return incidents;
}

export function createIncident(incident: NewIncident): Promise<Incident> {
  return apiRequest("/api/admin/incidents", { method: "POST", body: incident, schema: IncidentSchema });
}

export function updateIncident(id: string, changes: IncidentChanges): Promise<Incident> {
  return apiRequest(`/api/admin/incidents/${segment(id)}`, { method: "PATCH", body: changes, schema: IncidentSchema });
}

/** The CSV downloads: plain links, the session cookie goes along. */
export const CSV_EXPORTS = [
  { href: `${env.apiBaseUrl}/api/admin/users.csv`, label: "Export Users CSV" },
  { href: `${env.apiBaseUrl}/api/admin/billing.csv`, label: "Export Billing CSV" },
] as const;

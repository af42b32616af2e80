import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { idParam } from "../http/path-params.js";
import type { Context } from "hono";
import {
  AdminStatsSchema,
  AdminUserListSchema,
  AdminUsersQuerySchema,
  AuditListSchema,
  AuditQuerySchema,
  CreateIncidentRequestSchema,
  IncidentListSchema,
  IncidentSchema,
  PackageDefinitionSchema,
  SetRoleRequestSchema,
  SetUsageRequestSchema,
  SetUsageResponseSchema,
  UpdateIncidentRequestSchema,
  UpdatePackageRequestSchema,
} from "../../core/contracts/admin.js";
import { RoleSchema } from "../../core/contracts/auth.js";
import { AccountTimelineSchema } from "../../core/contracts/billing.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import type { AppEnv } from "../app-env.js";
import { adminStats, adminUsersCsv, adminUserTimeline, listAdminUsers, setUserRole, toCsv, type AdminDeps } from "../admin/admin-accounts-service.js";
import { adminBillingRows } from "../admin/billing-admin-rows.js";
import { setUsage } from "../admin/usage-admin-service.js";
import { createIncident, listIncidents, listPackages, updateIncident, updatePackage } from "../admin/catalogue-service.js";
import { clientAddress } from "../http/client-address.js";
import { validationHook } from "../http/errors.js";
import { jsonBody, jsonResponse } from "../http/route-helpers.js";
import { currentSession } from "../http/session-auth.js";

const UserIdParams = z.object({ id: idParam("usr", "No user has this id.") });
const IncidentIdParams = z.object({ id: idParam("inc", "No incident has this id.") });
const csvResponse = (description: string) => ({ 200: { description, content: { "text/csv": { schema: z.string() } } } });
const route = <R extends Parameters<typeof createRoute>[0]>(definition: R) => createRoute({ ...definition, hide: true });

const statsRoute = route({ method: "get", path: "/api/admin/stats", responses: { 200: jsonResponse(AdminStatsSchema, "The five stat cards.") } });
const usersRoute = route({ method: "get", path: "/api/admin/users", request: { query: AdminUsersQuerySchema }, responses: { 200: jsonResponse(AdminUserListSchema, "Accounts, newest first.") } });
const usersCsvRoute = route({ method: "get", path: "/api/admin/users.csv", responses: csvResponse("Every account as CSV.") });
const billingCsvRoute = route({ method: "get", path: "/api/admin/billing.csv", responses: csvResponse("All billing history as CSV.") });
const timelineRoute = route({
  method: "get",
  path: "/api/admin/users/{id}/timeline",
  request: { params: UserIdParams },
  responses: { 200: jsonResponse(AccountTimelineSchema, "The account's paid periods, removed ones included.") },
});
const roleRoute = route({
  method: "put",
  path: "/api/admin/users/{id}/role",
  request: { params: UserIdParams, ...jsonBody(SetRoleRequestSchema) },
  responses: { 200: jsonResponse(z.object({ id: z.string(), role: RoleSchema, message: z.string() }), "The account's new role.") },
});
const usageRoute = route({
  method: "post",
  path: "/api/admin/usage",
  request: jsonBody(SetUsageRequestSchema),
  responses: { 200: jsonResponse(SetUsageResponseSchema, "The day's count as now enforced, and the month's usage against the allowance.") },
});
const packagesRoute = route({ method: "get", path: "/api/admin/packages", responses: { 200: jsonResponse(z.object({ packages: z.array(PackageDefinitionSchema) }), "The package catalogue.") } });
const packageRoute = route({
  method: "patch",
  path: "/api/admin/packages/{name}",
  request: { params: z.object({ name: z.string().trim().min(1).max(100) }), ...jsonBody(UpdatePackageRequestSchema) },
  responses: { 200: jsonResponse(PackageDefinitionSchema, "The package, applied by every gateway within a second.") },
});
const auditRoute = route({ method: "get", path: "/api/admin/audit", request: { query: AuditQuerySchema }, responses: { 200: jsonResponse(AuditListSchema, "The latest administrator actions.") } });
const incidentsRoute = route({ method: "get", path: "/api/admin/incidents", responses: { 200: jsonResponse(IncidentListSchema, "Incidents, newest first.") } });
const createIncidentRoute = route({ method: "post", path: "/api/admin/incidents", request: jsonBody(CreateIncidentRequestSchema), responses: { 201: jsonResponse(IncidentSchema, "The new incident, shown on /status.") } });
const updateIncidentRoute = route({
  method: "patch",
  path: "/api/admin/incidents/{id}",
  request: { params: IncidentIdParams, ...jsonBody(UpdateIncidentRequestSchema) },
  responses: { 200: jsonResponse(IncidentSchema, "The incident as it now shows on /status.") },
});

function csv(c: Context<AppEnv>, body: string, filename: string) {
  return c.body(body, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"` });
}

/** The administrator's dashboard API beyond billing; /api/admin/* is admin-only (requireAdmin in app.ts). */
export function adminRoutes(
  deps: AdminDeps & { plainRedis: Redis; redisKeyPrefix: string; trustProxy: boolean; queues: ProducerQueues; productName: string; publicUrl: string; unsubscribeSecret: string },
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const actor = (c: Context<AppEnv>) => ({ actorId: currentSession(c).userId, ip: clientAddress(c, deps.trustProxy) });
  const today = () => deps.now().toISOString().slice(0, 10);

  app.openapi(statsRoute, async (c) => c.json(await adminStats(deps), 200));
  app.openapi(usersRoute, async (c) => c.json(await listAdminUsers(deps, c.req.valid("query")), 200));
  app.openapi(usersCsvRoute, async (c) => csv(c, await adminUsersCsv(deps), `sluice-users-${today()}.csv`));
  app.openapi(billingCsvRoute, async (c) => csv(c, toCsv(await adminBillingRows(deps)), `sluice-billing-${today()}.csv`));
  app.openapi(timelineRoute, async (c) => c.json(await adminUserTimeline(deps, c.req.valid("param").id), 200));
  app.openapi(roleRoute, async (c) => c.json(await setUserRole(deps, { userId: c.req.valid("param").id, role: c.req.valid("json").role, ...actor(c) }), 200));
  app.openapi(usageRoute, async (c) => c.json(await setUsage(deps, { ...c.req.valid("json"), ...actor(c) }), 200));
  app.openapi(packagesRoute, async (c) => c.json({ packages: await listPackages(deps.db) }, 200));
  app.openapi(packageRoute, async (c) => c.json(await updatePackage(deps, c.req.valid("param").name, c.req.valid("json"), actor(c)), 200));
  app.openapi(auditRoute, async (c) => {
    const { limit, action } = c.req.valid("query");
    let query = deps.db
      .selectFrom("audit_log as a")
      .leftJoin("users as u", "u.id", "a.actor_user_id")
      .select(["a.id", "a.actor_user_id", "u.email as actor_email", "a.action", "a.target_type", "a.target_id", "a.ip", "a.metadata", "a.created_at"])
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .limit(limit);
    if (action) query = query.where("a.action", "=", action);
    const rows = await query.execute();
    return c.json({ entries: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })) }, 200);
  });
  app.openapi(incidentsRoute, async (c) => c.json({ incidents: await listIncidents(deps.db) }, 200));
  app.openapi(createIncidentRoute, async (c) => c.json(await createIncident(deps, c.req.valid("json"), actor(c)), 201));
  app.openapi(updateIncidentRoute, async (c) => c.json(await updateIncident(deps, c.req.valid("param").id, c.req.valid("json"), actor(c)), 200));
  return app;
}

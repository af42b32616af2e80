import { sql } from "kysely";
import type { Incident, PackageDefinition } from "../../core/contracts/admin.js";
import { IncidentSchema } from "../../core/contracts/admin.js";
import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import { newId } from "../../core/ids.js";
import { publishKeyInvalidation } from "../../core/keys/invalidation.js";
import type { Logger } from "../../core/logger.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import type { ProducerQueues } from "../../core/queues.js";
import type { Redis } from "../../core/redis.js";
import { queueIncidentNotices } from "../status/incident-notices.js";
import { writeAudit } from "./audit.js";

/**
 * What administrators maintain besides accounts: the package catalogue (a change reaches every
 * gateway within a second) and the status page's incidents (opening one, or changing its status,
 * e-mails the confirmed subscribers). Every change is audited.
 */

interface Deps {
  db: Database;
  redis: Redis;
  queues: ProducerQueues;
  redisKeyPrefix: string;
  logger: Logger;
  now: () => Date;
  productName: string;
  publicUrl: string;
  /** Signs the unsubscribe links of incident notices. */
  unsubscribeSecret: string;
}

type Actor = { actorId: string; ip: string | null };

const PACKAGE_COLUMNS = ["package_name", "display_name", "request_limit", "rate_limit_per_minute", "data_limit_bytes", "monthly_price_cents", "contact_sales", "is_active", "sort_order"] as const;

export async function listPackages(db: Database): Promise<PackageDefinition[]> {
  return db.selectFrom("package_definitions").select(PACKAGE_COLUMNS).orderBy("sort_order").orderBy("package_name").execute();
}

export async function updatePackage(deps: Deps, packageName: string, changes: Partial<Omit<PackageDefinition, "package_name" | "contact_sales" | "sort_order">>, actor: Actor): Promise<PackageDefinition> {
  const updated = await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("package_definitions").select(PACKAGE_COLUMNS).where("package_name", "=", packageName).forUpdate().executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND", "No package has this name.");
    const after = await trx
      .updateTable("package_definitions")
      .set({ ...changes, updated_at: sql`now()` })
      .where("package_name", "=", packageName)
      .returning(PACKAGE_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { ...actor, action: "package.updated", targetType: "package_definition", targetId: packageName, metadata: { before, after } });
    return after;
  });
  // Every gateway re-reads its cached keys, so limits and prices apply to the next request.
  await publishKeyInvalidation(deps.redis, deps.redisKeyPrefix, { all: true }).catch((error: unknown) =>
    deps.logger.warn({ err: error }, "could not announce a package change; key caches expire within 30 s"),
  );
  return updated;
}

const INCIDENT_COLUMNS = ["id", "title", "description", "status", "impact", "started_at", "resolved_at"] as const;
const serializeIncident = (row: { id: string; title: string; description: string; status: string; impact: string; started_at: Date; resolved_at: Date | null }): Incident =>
  IncidentSchema.parse({ ...row, started_at: row.started_at.toISOString(), resolved_at: row.resolved_at?.toISOString() ?? null });
const isClosed = (status: string) => status === "resolved" || status === "completed";

export async function listIncidents(db: Database): Promise<Incident[]> {
  const rows = await db.selectFrom("incidents").select(INCIDENT_COLUMNS).orderBy("started_at", "desc").limit(100).execute();
  return rows.map(serializeIncident);
}

/** Notices to the status page's subscribers, written in the transaction and sent after it commits. */
function noticesOf(deps: Deps, trx: Database, incident: { title: string; status: string; impact: string; description: string }, opened: boolean) {
  return queueIncidentNotices(trx, { secret: deps.unsubscribeSecret, productName: deps.productName, publicUrl: deps.publicUrl, incident, opened });
}

async function sendNotices(deps: Deps, outboxIds: readonly string[]): Promise<void> {
  for (const id of outboxIds) await sendQueuedEmail(deps.queues, id, deps.logger);
}

export async function createIncident(deps: Deps, input: { title: string; description: string; status: Incident["status"]; impact: Incident["impact"] }, actor: Actor): Promise<Incident> {
  const now = deps.now();
  const { incident, notices } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("incidents")
      .values({ id: newId("inc"), ...input, started_at: now, resolved_at: isClosed(input.status) ? now : null })
      .returning(INCIDENT_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { ...actor, action: "incident.created", targetType: "incident", targetId: row.id, metadata: { after: row } });
    return { incident: serializeIncident(row), notices: await noticesOf(deps, trx, row, true) };
  });
  await sendNotices(deps, notices);
  return incident;
}

export async function updateIncident(deps: Deps, id: string, changes: Partial<Pick<Incident, "title" | "description" | "status" | "impact">>, actor: Actor): Promise<Incident> {
  const now = deps.now();
  const { incident, notices } = await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("incidents").select(INCIDENT_COLUMNS).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) throw new AppError("NOT_FOUND", "No incident has this id.");
    // Closing records when; reopening clears it.
    const resolvedAt = changes.status === undefined ? before.resolved_at : isClosed(changes.status) ? (before.resolved_at ?? now) : null;
    const after = await trx
      .updateTable("incidents")
      .set({ ...changes, resolved_at: resolvedAt, updated_at: sql`now()` })
      .where("id", "=", id)
      .returning(INCIDENT_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { ...actor, action: "incident.updated", targetType: "incident", targetId: id, metadata: { before, after } });
    // Subscribers hear of status changes, not of every edit of the wording.
    const notices = after.status !== before.status ? await noticesOf(deps, trx, after, false) : [];
    return { incident: serializeIncident(after), notices };
  });
  await sendNotices(deps, notices);
  return incident;
}

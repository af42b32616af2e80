import { sql } from "kysely";
import type { Database } from "../../core/db/client.js";

/** Rows deleted by one statement, so the purge never holds many locks or a long transaction. */
const PURGE_BATCH = 1_000;

export interface WebhookLogPurge {
  webhook_events: number;
  webhook_endpoints: number;
}

/**
 * Ends the delivery log's retention period (WEBHOOK_LOG_RETENTION_DAYS): events created before
 * it go, with their deliveries and attempts (foreign keys cascade), and so do endpoints deleted
 * before it, with whatever log they still had. Until then a deleted endpoint and its log stay
 * readable.
 */
export async function purgeWebhookLog(db: Database, now: Date, retentionDays: number): Promise<WebhookLogPurge> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3_600_000);
  const purged: WebhookLogPurge = { webhook_events: 0, webhook_endpoints: 0 };
  for (const table of ["webhook_events", "webhook_endpoints"] as const) {
    const column = table === "webhook_events" ? sql.ref("created_at") : sql.ref("deleted_at");
    for (;;) {
      const result = await sql`
        delete from ${sql.table(table)} where id in (select id from ${sql.table(table)} where ${column} < ${cutoff} limit ${PURGE_BATCH})`.execute(db);
      const deleted = Number(result.numAffectedRows ?? 0);
      purged[table] += deleted;
      if (deleted < PURGE_BATCH) break;
    }
  }
  return purged;
}

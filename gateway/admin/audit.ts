import type { Database } from "../../core/db/client.js";
import { newId } from "../../core/ids.js";

/** One audit_log row for an administrator's change: who, what, on which target, from where, before and after. */
export async function writeAudit(
  trx: Database,
  input: { actorId: string; action: string; targetType: string; targetId: string; ip: string | null; metadata: Record<string, unknown> },
): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      id: newId("aud"),
      actor_user_id: input.actorId,
      action: input.action,
      target_type: input.targetType,
      target_id: input.targetId,
      ip: input.ip,
      metadata: JSON.stringify(input.metadata),
    })
    .execute();
}

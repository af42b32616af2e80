import { type Kysely } from "kysely";

/**
 * A payment order whose provider status disagrees with it (reference, amount or currency) is
 * never activated; it is flagged for an administrator instead, with the reason and the time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("payment_orders")
    .addColumn("flagged_at", "timestamptz")
    .addColumn("flag_reason", "text")
    .execute();
  await db.schema
    .createIndex("payment_orders_flagged_at_idx")
    .on("payment_orders")
    .column("flagged_at")
    .where("flagged_at", "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("payment_orders_flagged_at_idx").execute();
  await db.schema.alterTable("payment_orders").dropColumn("flag_reason").dropColumn("flagged_at").execute();
}

import type { Database } from "../core/db/client.js";
import { newId } from "../core/ids.js";
import { addPaidPeriod, type NewPaidPeriod } from "../core/payments/entitlements.js";
import { FREE_PLAN_NAME, type BillingPeriod } from "../core/plans.js";

const DAY_MS = 86_400_000;

/**
 * A completed payment of `packageName` paid at `startsAt` for the whole days up to `endsAt`, put
 * on the account's timeline as the checkout would (a completed billing row, then its period).
 * Returns the billing row's id.
 */
export async function seedPaidPeriod(
  db: Database,
  input: { userId: string; packageName: string; startsAt: Date; endsAt: Date; priceCents?: number; period?: BillingPeriod; planChange?: NewPaidPeriod["planChange"] },
  now = new Date(),
): Promise<string> {
  if (input.packageName === FREE_PLAN_NAME) throw new Error("the free plan is not paid for");
  const days = Math.round((input.endsAt.getTime() - input.startsAt.getTime()) / DAY_MS);
  const billingId = newId("bill");
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("billing_history")
      .values({ id: billingId, user_id: input.userId, amount: input.priceCents ?? 0, status: "completed", invoice_number: `INV-TEST-${billingId}`, billing_date: input.startsAt, package_name: input.packageName, billing_period: input.period ?? "monthly" })
      .execute();
    await addPaidPeriod(
      trx,
      { userId: input.userId, billingHistoryId: billingId, planName: input.packageName, billingPeriod: input.period ?? "monthly", length: { days }, priceCents: input.priceCents ?? 0, planChange: input.planChange ?? "new", paidAt: input.startsAt },
      now,
    );
  });
  return billingId;
}

import { sql } from "kysely";
import type { SetUserPackageRequest, UserPackage } from "../../core/contracts/admin-billing.js";
import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import { newId } from "../../core/ids.js";
import { publishKeyInvalidation } from "../../core/keys/invalidation.js";
import type { Logger } from "../../core/logger.js";
import { currentPackage, revertToFreePlan } from "../../core/payments/entitlements.js";
import { FREE_PLAN_NAME, UNLIMITED } from "../../core/plans.js";
import type { Redis } from "../../core/redis.js";
import { writeAudit } from "./audit.js";

/**
 * An administrator puts an account on a package (SPEC: admin "set a user's package"), outside
 * any payment: the package and its allowance apply on every gateway within a second. A live
 * subscription for another plan ends as cancelled (the administrator's choice replaces it);
 * free ends it too. Audited with the package before and after.
 */

interface Deps {
  db: Database;
  redis: Redis;
  redisKeyPrefix: string;
  logger: Logger;
  now: () => Date;
}

function invalidField(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, { details: [{ field, message }] });
}

export async function setUserPackage(deps: Deps, input: SetUserPackageRequest & { userId: string; actorId: string; ip: string | null }): Promise<UserPackage> {
  const now = deps.now();
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= now) throw invalidField("expires_at", "Expiry must be in the future.");

  const result = await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select("id").where("id", "=", input.userId).executeTakeFirst();
    if (!user) throw new AppError("NOT_FOUND", "No user has this id.");
    const plan = await trx.selectFrom("package_definitions").select(["package_name", "display_name", "request_limit"]).where("package_name", "=", input.package_name).executeTakeFirst();
    if (!plan) throw invalidField("package_name", `There is no package named "${input.package_name}".`);
    const before = await currentPackage(trx, input.userId);

    let after: { packageName: string; requestLimit: number | null; expiresAt: Date | null };
    if (plan.package_name === FREE_PLAN_NAME) {
      await revertToFreePlan(trx, input.userId, "cancelled");
      after = { packageName: FREE_PLAN_NAME, requestLimit: null, expiresAt: null };
    } else {
      const values = { package_name: plan.package_name, request_limit: plan.request_limit, expires_at: expiresAt };
      await trx
        .insertInto("user_packages")
        .values({ id: newId("pkg"), user_id: input.userId, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: sql`now()` }))
        .execute();
      await trx
        .updateTable("subscriptions")
        .set({ status: "cancelled", updated_at: sql`now()` })
        .where("user_id", "=", input.userId)
        .where("status", "in", ["active", "past_due"])
        .where("plan_name", "!=", plan.package_name)
        .execute();
      after = { packageName: plan.package_name, requestLimit: plan.request_limit, expiresAt };
    }
    await writeAudit(trx, {
      actorId: input.actorId,
      action: "user.package_set",
      targetType: "user",
      targetId: input.userId,
      ip: input.ip,
      metadata: {
        before: before ? { package_name: before.packageName, expires_at: before.expiresAt?.toISOString() ?? null } : null,
        after: { package_name: after.packageName, expires_at: after.expiresAt?.toISOString() ?? null },
      },
    });
    return { plan, after };
  });

  await publishKeyInvalidation(deps.redis, deps.redisKeyPrefix, { user_id: input.userId }).catch((error: unknown) =>
    deps.logger.warn({ err: error, userId: input.userId }, "could not announce a package change; key caches expire within 30 s"),
  );
  const limit = result.after.requestLimit;
  return {
    user_id: input.userId,
    package_name: result.after.packageName,
    request_limit: limit === null || limit === UNLIMITED ? null : limit,
    expires_at: result.after.expiresAt?.toISOString() ?? null,
    message: `User package set to ${result.plan.display_name}`,
  };
}

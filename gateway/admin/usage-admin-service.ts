import type { SetUsageRequest } from "../../core/contracts/admin.js";
import { AppError } from "../../core/errors.js";
import { utcDay } from "../../core/metering/calendar.js";
import { UNLIMITED } from "../../core/plans.js";
import type { Redis } from "../../core/redis.js";
import { planLimits, selectAccountPlans } from "../metering/key-context.js";
import { setDailyUsage } from "../metering/usage-admin.js";
import { writeAudit } from "./audit.js";
import { listAdminUsers, type AdminDeps } from "./admin-accounts-service.js";

/**
 * The admin's "Add API Usage": a day's count for (user, endpoint) set to an absolute value in
 * PostgreSQL and the live Redis counter alike, so the gateway enforces it on the next request.
 * Audited with the count before and after.
 */
export async function setUsage(
  deps: AdminDeps & { plainRedis: Redis; redisKeyPrefix: string },
  input: SetUsageRequest & { actorId: string; ip: string | null },
) {
  const now = deps.now();
  const date = input.date ?? utcDay(now);
  if (date > utcDay(now)) throw new AppError("VALIDATION_FAILED", "Usage cannot be set for a future day.", { details: [{ field: "date", message: "Usage cannot be set for a future day." }] });
  const account = await selectAccountPlans(deps.db, now).where("u.id", "=", input.user_id).executeTakeFirst();
  if (!account) throw new AppError("NOT_FOUND", "No user has this id.");

  const { previous, current } = await setDailyUsage(
    { db: deps.db, redis: deps.plainRedis, redisKeyPrefix: deps.redisKeyPrefix },
    { userId: input.user_id, endpoint: input.endpoint, date, requestCount: input.request_count },
  );
  await writeAudit(deps.db, {
    actorId: input.actorId,
    action: "usage.set",
    targetType: "user",
    targetId: input.user_id,
    ip: input.ip,
    metadata: { endpoint: input.endpoint, date, before: { request_count: previous }, after: { request_count: current } },
  });

  const limit = planLimits(account).monthlyRequests;
  const [row] = (await listAdminUsers(deps, { search: undefined, page: 1, limit: 1, userId: input.user_id })).users;
  const monthUsage = row?.usage ?? current;
  return {
    user_id: input.user_id,
    endpoint: input.endpoint,
    date,
    previous,
    current,
    month_usage: monthUsage,
    limit: limit === UNLIMITED ? null : limit,
    remaining: limit === UNLIMITED ? null : Math.max(0, limit - monthUsage),
    message: `Usage set to ${current.toLocaleString("en-US")} requests for ${input.endpoint} on ${date}`,
  };
}

import type { ClockedDeps } from "../app.js";
import { createKeyCache } from "./key-cache.js";
import { createLocalMeter } from "./local-meter.js";
import { createMeter, withMeterScripts } from "./meter.js";
import type { MeteringDeps } from "./metering-middleware.js";
import { createRedisGuard } from "./redis-guard.js";
import { crossedThresholds, notifyThreshold } from "./usage-thresholds.js";

/** Builds the metered path's collaborators from the app's dependencies. */
export function createMeteringDeps(deps: ClockedDeps): MeteringDeps {
  const { now } = deps;
  const meter = createMeter({ redis: withMeterScripts(deps.redis), db: deps.db });
  const guard = createRedisGuard();
  const local = createLocalMeter();
  const logger = deps.logger.child({ component: "metering" });

  guard.onRecovered(() => {
    const entries = local.drain();
    if (entries.length === 0) return;
    meter.replay(entries).then(
      () => logger.info({ entries: entries.length }, "replayed usage counted while Redis was away"),
      (error: unknown) => {
        local.restore(entries);
        logger.warn({ err: error }, "usage replay failed; kept for the next recovery");
      },
    );
  });

  return {
    cache: createKeyCache({ db: deps.db, subscriber: deps.subscriber, redisKeyPrefix: deps.config.REDIS_KEY_PREFIX, logger }),
    meter,
    guard,
    local,
    failMode: deps.config.RATE_LIMIT_FAIL_MODE,
    now,
    logger,
    onAdmitted: (context, decision) => {
      const quota = decision.policies.find((p) => p.name === "month");
      if (!quota || context.mode !== "live") return;
      for (const percent of crossedThresholds(quota.used, quota.limit)) {
        notifyThreshold(
          { db: deps.db, queues: deps.queues, logger, productName: deps.config.PRODUCT_NAME, publicUrl: deps.config.PUBLIC_URL },
          context,
          quota,
          percent,
          now(),
        ).catch((error: unknown) => logger.error({ err: error, percent }, "usage threshold notification failed"));
      }
    },
  };
}

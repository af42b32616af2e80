/**
 * A circuit breaker around the metered path's Redis calls: after `failureThreshold` failures in
 * a row it opens for `openMs`, during which calls are not attempted; then one call is let
 * through, and its success closes the breaker again.
 */
export class BreakerOpenError extends Error {}

export function createRedisGuard(options: { failureThreshold?: number; openMs?: number; now?: () => number } = {}) {
  const threshold = options.failureThreshold ?? 3;
  const openMs = options.openMs ?? 5_000;
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  let onRecovered: (() => void) | undefined;

  return {
    async run<T>(call: () => Promise<T>): Promise<T> {
      if (failures >= threshold && now() < openUntil) throw new BreakerOpenError("redis circuit open");
      try {
        const result = await call();
        const wasFailing = failures > 0;
        failures = 0;
        if (wasFailing) onRecovered?.();
        return result;
      } catch (error) {
        failures++;
        if (failures >= threshold) openUntil = now() + openMs;
        throw error;
      }
    },
    isOpen: () => failures >= threshold && now() < openUntil,
    /** Called once each time Redis answers again after failures (to replay local counts). */
    onRecovered(callback: () => void) {
      onRecovered = callback;
    },
  };
}

export type RedisGuard = ReturnType<typeof createRedisGuard>;

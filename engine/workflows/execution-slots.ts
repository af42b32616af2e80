import type { Redis } from "../../core/redis.js";

/**
 * The per-account limit on executions running at once (package_definitions.
 * max_concurrent_executions): a Redis sorted set per account whose members are the running
 * execution ids, scored by when their lease ends. A holder renews its lease while it runs, so the
 * slot of an engine that died frees itself when the lease runs out. Test-mode executions count
 * against the same limit.
 */
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
  redis.call('PEXPIREAT', KEYS[1], ARGV[4])
  return 1
end
return 0
`;

interface SlotCommands {
  sluiceAcquireExecutionSlot: (key: string, member: string, limit: number, now: number, leaseEnd: number) => Promise<number>;
}

export interface ExecutionSlot {
  /** Gives the slot back; safe to call more than once. */
  release: () => Promise<void>;
}

export interface ExecutionSlots {
  /** Takes (or keeps) a slot for the execution, or returns undefined when the account has none free. */
  acquire: (userId: string, executionId: string, limit: number) => Promise<ExecutionSlot | undefined>;
}

/** The account id is the hash tag, so the set lives on the account's Redis Cluster slot. */
export function executionSlotsKey(keyPrefix: string, userId: string): string {
  return `${keyPrefix}wf:{${userId}}:running`;
}

/**
 * Whether a pass in some engine holds the execution's slot right now: it is running a step, even
 * if its job is gone (a holder renews its lease every third of it, re-adding it to a Redis that
 * came back empty).
 */
export async function isExecutionSlotHeld(redis: Redis, keyPrefix: string, userId: string, executionId: string): Promise<boolean> {
  const leaseEnd = await redis.zscore(executionSlotsKey(keyPrefix, userId), executionId);
  return leaseEnd !== null && Number(leaseEnd) > Date.now();
}

export function createExecutionSlots(redis: Redis, options: { keyPrefix: string; leaseMs: number; onRenewError?: (error: unknown) => void }): ExecutionSlots {
  redis.defineCommand("sluiceAcquireExecutionSlot", { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
  const commands = redis as Redis & SlotCommands;
  const take = (key: string, executionId: string, limit: number) => {
    const now = Date.now();
    return commands.sluiceAcquireExecutionSlot(key, executionId, limit, now, now + options.leaseMs);
  };

  return {
    async acquire(userId, executionId, limit) {
      const key = executionSlotsKey(options.keyPrefix, userId);
      if ((await take(key, executionId, limit)) !== 1) return undefined;
      // Renewing cannot be refused: the member is still in the set unless its lease ran out.
      const renewal = setInterval(() => {
        take(key, executionId, Number.MAX_SAFE_INTEGER).catch((error: unknown) => options.onRenewError?.(error));
      }, Math.max(100, Math.floor(options.leaseMs / 3)));
      renewal.unref();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          clearInterval(renewal);
          await redis.zrem(key, executionId);
        },
      };
    },
  };
}

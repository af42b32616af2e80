import { randomBytes } from "node:crypto";

/**
 * The identity of a usage hash (DESIGN.md section 4, docs/decisions/0018-metering-survives-redis-loss.md).
 * The script that creates a usage hash stores one of these in its `id` field (HSETNX, so the first
 * writer names it), and the usage flush records it as the batch id. A hash that comes back from
 * an older Redis snapshot after it was flushed carries the id already recorded, so it is skipped
 * instead of counted twice.
 *
 * Unique without coordination: the creation time (base 36 ms), a random token per process and a
 * counter. The time lets the flush tell a hash the ledger of applied ids may have forgotten.
 */
export const USAGE_ID_FIELD = "id";

const PROCESS_TOKEN = randomBytes(6).toString("base64url");
let issued = 0;

/** A fresh id for the usage hash a script run may create (one per run, not per request). */
export function nextUsageHashId(nowMs = Date.now()): string {
  issued++;
  return `${nowMs.toString(36)}.${PROCESS_TOKEN}.${issued.toString(36)}`;
}

/** When the hash of this id was created (epoch ms), or undefined for an id of another shape. */
export function usageHashCreatedAt(id: string): number | undefined {
  const match = /^([0-9a-z]{1,11})\.[\w-]+\.[0-9a-z]+$/.exec(id);
  return match?.[1] ? parseInt(match[1], 36) : undefined;
}

import type { Context } from "hono";
import type { KeyMode } from "../../core/contracts/api-keys.js";
import type { Database } from "../../core/db/client.js";
import { AppError } from "../../core/errors.js";
import { endpointCategory } from "../../core/metering/endpoint-categories.js";
import { rateLimitHeaders } from "../../core/metering/rate-limit-headers.js";
import type { AppEnv } from "../app-env.js";
import { KEY_CACHE_TTL_MS } from "./key-cache.js";
import { planLimits, selectAccountPlans, type KeyContext } from "./key-context.js";
import { admitRequest, type MeteringDeps } from "./metering-middleware.js";

/**
 * Requests that reach an account without one of its keys (inbound workflow hooks) are counted
 * under this pseudo key: the usage flush finds no api_keys row for it, so it feeds the account's
 * quota and api_usage but no key's ledger, and carries no key cap.
 */
export const ACCOUNT_PSEUDO_KEY_ID = "account";

/** The metering context of an account in one mode, as loadKeyContext builds it for a key. */
export async function loadAccountContext(db: Database, userId: string, mode: KeyMode, now: Date): Promise<KeyContext | null> {
  const row = await selectAccountPlans(db, now).select("u.id").where("u.id", "=", userId).executeTakeFirst();
  if (!row) return null;
  return { keyId: ACCOUNT_PSEUDO_KEY_ID, userId: row.id, mode, permission: "write", monthlyCap: null, expiresAt: null, ...planLimits(row) };
}

/** Account contexts kept in memory as long as key records are (30 s); concurrent misses share one query. */
function createAccountContextCache(db: Database) {
  const entries = new Map<string, { value: KeyContext | null; expiresAt: number }>();
  const loading = new Map<string, Promise<KeyContext | null>>();
  return async (userId: string, mode: KeyMode, now: Date): Promise<KeyContext | null> => {
    const id = `${userId}:${mode}`;
    const hit = entries.get(id);
    if (hit && hit.expiresAt > now.getTime()) return hit.value;
    let pending = loading.get(id);
    if (!pending) {
      pending = loadAccountContext(db, userId, mode, now).finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    const value = await pending;
    if (entries.size >= 50_000) entries.delete(entries.keys().next().value ?? "");
    entries.set(id, { value, expiresAt: now.getTime() + KEY_CACHE_TTL_MS });
    return value;
  };
}

export type AccountMetering = ReturnType<typeof createAccountMetering>;

/**
 * Meters requests made to an account without its API key (DESIGN.md section 4: inbound hooks
 * count against the owner's rate limit and monthly quota). Same script, circuit breaker and
 * fail-open limiter as the /v1 middleware; no key cap.
 */
export function createAccountMetering(deps: { db: Database; metering: MeteringDeps }) {
  const contextOf = createAccountContextCache(deps.db);
  const { metering } = deps;

  return {
    /**
     * Counts this request against the account in `mode` (429 with rate-limit headers when over),
     * then runs `handle`; a server error from it is refunded, as on /v1.
     */
    async run(c: Context<AppEnv>, account: { userId: string; mode: KeyMode }, handle: () => Promise<Response>): Promise<Response> {
      const now = metering.now();
      const context = await contextOf(account.userId, account.mode, now);
      if (!context) throw new AppError("NOT_FOUND");
      const request = { context, category: endpointCategory(c.req.path), now };
      const decision = await admitRequest(metering, request);
      if (decision) {
        Object.assign(c.get("defaultHeaders"), rateLimitHeaders(decision.limiting, decision.policies, now));
        metering.onAdmitted?.(context, decision);
      }
      const refund = async () => {
        if (!decision) return;
        await metering.guard.run(() => metering.meter.refund(request)).catch((error: unknown) => metering.logger.warn({ err: error }, "refund failed"));
      };
      let response: Response;
      try {
        response = await handle();
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) await refund();
        throw error;
      }
      if (response.status >= 500) await refund();
      return response;
    },
  };
}

import type { Context, MiddlewareHandler } from "hono";
import type { KeyPermission } from "../../core/contracts/api-keys.js";
import { AppError } from "../../core/errors.js";
import type { Logger } from "../../core/logger.js";
import { endpointCategory, type EndpointCategory } from "../../core/metering/endpoint-categories.js";
import { rateLimitHeaders, refusalHeaders } from "../../core/metering/rate-limit-headers.js";
import type { AppEnv } from "../app-env.js";
import { requestHeader } from "../http/node-bindings.js";
import type { KeyContext } from "./key-context.js";
import type { KeyCache } from "./key-cache.js";
import { createKeyHashes } from "./key-hashes.js";
import type { LocalMeter } from "./local-meter.js";
import type { MeterDecision } from "./meter-decisions.js";
import type { Meter } from "./meter.js";
import { BreakerOpenError, type RedisGuard } from "./redis-guard.js";

export interface MeteringDeps {
  cache: KeyCache;
  meter: Meter;
  guard: RedisGuard;
  local: LocalMeter;
  failMode: "open" | "closed";
  now: () => Date;
  logger: Logger;
  /** Called after an admitted request with the account's monthly usage (threshold events). */
  onAdmitted?: (context: KeyContext, decision: Extract<MeterDecision, { admitted: true }>) => void;
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/** read: GET and HEAD only; write: every /v1 operation; admin: also account operations. */
export function permits(permission: KeyPermission, method: string): boolean {
  return permission !== "read" || READ_METHODS.has(method);
}

function bearerKey(c: Context<AppEnv>): string {
  const header = requestHeader(c, "authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError("UNAUTHORIZED", "Missing API key. Send it as `Authorization: Bearer <key>`.");
  return match[1];
}

/**
 * Checks and counts one request: the Lua script through the circuit breaker, or the in-process
 * meter while Redis is away (fail open; closed answers 503), which refuses by the last quota and
 * key-cap counts Redis reported. A refusal is thrown as 429 with its headers. Returns the
 * decision, or undefined when the request was admitted locally (its counts would be guesses).
 */
export async function admitRequest(
  deps: Pick<MeteringDeps, "meter" | "guard" | "local" | "failMode" | "logger">,
  request: { context: KeyContext; category: EndpointCategory; now: Date },
): Promise<Extract<MeterDecision, { admitted: true }> | undefined> {
  const { context, now } = request;
  let decision: MeterDecision;
  try {
    decision = await deps.guard.run(() => deps.meter.admit(request));
  } catch (error) {
    // While the breaker is open no call is made: the failures that opened it were logged.
    if (!(error instanceof BreakerOpenError)) deps.logger.warn({ err: error }, "metering without Redis");
    if (deps.failMode === "closed") throw new AppError("SERVICE_UNAVAILABLE", "Rate limiting is unavailable; please retry shortly.", { headers: { "Retry-After": "5" } });
    const local = deps.local.admit(context, request.category, now);
    if (local.admitted) return undefined;
    throw refusal(local, now);
  }
  deps.local.remember(context, decision);
  if (!decision.admitted) throw refusal(decision, now);
  return decision;
}

/** The 429 of a refused request, naming the violated policy, with its headers and Retry-After. */
function refusal(decision: Extract<MeterDecision, { admitted: false }>, now: Date): AppError {
  const { violated } = decision;
  const code = violated.name === "minute" ? "RATE_LIMITED" : "QUOTA_EXCEEDED";
  return new AppError(code, `${code === "RATE_LIMITED" ? "Rate limit exceeded" : "Quota exhausted"}: policy ${violated.resource} (${violated.limit}).`, {
    headers: refusalHeaders(violated, decision.policies, decision.retryAfterSeconds, now),
  });
}

/**
 * Every /v1 request, in order (DESIGN.md section 4): the key's format and checksum, its record
 * (cached), its permission, then one Redis round trip that checks and counts rate, quota, key
 * cap and usage. 401s and 403s count nothing and carry no quota headers; a 5xx is refunded.
 */
export function meteredApi(deps: MeteringDeps): MiddlewareHandler<AppEnv> {
  const keyHashOf = createKeyHashes();
  return async (c, next) => {
    const keyHash = keyHashOf(bearerKey(c));
    if (!keyHash) throw new AppError("UNAUTHORIZED", "Invalid API key.");
    const now = deps.now();
    const cached = deps.cache.get(keyHash, now);
    const context = cached instanceof Promise ? await cached : cached;
    if (!context) throw new AppError("UNAUTHORIZED", "Invalid API key.");
    if (context.expiresAt && context.expiresAt <= now) throw new AppError("UNAUTHORIZED", "This API key has expired.");
    if (!permits(context.permission, c.req.method)) {
      throw new AppError("FORBIDDEN", `This key's ${context.permission} permission does not allow ${c.req.method} requests.`);
    }

    const request = { context, category: endpointCategory(c.req.path), now };
    const decision = await admitRequest(deps, request);

    c.set("apiKey", context);
    // Set before the handler builds its response, so every answer (errors too) carries them.
    if (decision?.admitted) {
      Object.assign(c.get("defaultHeaders"), rateLimitHeaders(decision.limiting, decision.policies, now));
    }
    await next();

    if (decision?.admitted) deps.onAdmitted?.(context, decision);
    if (c.res.status >= 500 && decision?.admitted) {
      await deps.guard.run(() => deps.meter.refund(request)).catch((error: unknown) => deps.logger.warn({ err: error }, "refund failed"));
    }
  };
}

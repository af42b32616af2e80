import type { Context } from "hono";
import type { z } from "zod";
import type { AuthDeps, RequestOrigin } from "../auth/auth-deps.js";
import { clientAddress } from "./client-address.js";

/** The `request.body` of a createRoute definition taking JSON. */
export function jsonBody<S extends z.ZodType>(schema: S, examples?: Record<string, { summary: string; description?: string; value: unknown }>) {
  return { body: { content: { "application/json": { schema, ...(examples ? { examples } : {}) } }, required: true } };
}

/** A JSON response entry of a createRoute definition. */
export function jsonResponse<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { "application/json": { schema } } };
}

export function requestOrigin(c: Context, deps: Pick<AuthDeps, "config">): RequestOrigin {
  return { ip: clientAddress(c, deps.config.TRUST_PROXY), userAgent: c.req.header("User-Agent") ?? null };
}

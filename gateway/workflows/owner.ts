import type { Context } from "hono";
import { AppError } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";
import type { ApiSurface } from "../http/api-surface.js";
import { currentSession } from "../http/session-auth.js";
import type { Owner } from "./workflow-queries.js";

/** The account and mode of the API key making a /v1 request (set by the metering middleware). */
export function keyOwner(c: Context<AppEnv>): Owner {
  const key = c.get("apiKey");
  if (!key) throw new AppError("UNAUTHORIZED");
  return { userId: key.userId, mode: key.mode };
}

/** The signed-in user's workflows of the mode the dashboard shows (`?mode=test`, live by default). */
export function sessionOwner(c: Context<AppEnv>): Owner {
  return { userId: currentSession(c).userId, mode: c.req.query("mode") === "test" ? "test" : "live" };
}

export const PUBLIC_WORKFLOW_API: ApiSurface<Owner> = { prefix: "/v1", hide: false, principal: keyOwner };
export const DASHBOARD_WORKFLOW_API: ApiSurface<Owner> = { prefix: "/api", hide: true, principal: sessionOwner };

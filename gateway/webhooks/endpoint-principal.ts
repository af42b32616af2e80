import type { Context } from "hono";
import type { KeyMode } from "../../core/contracts/api-keys.js";
import { AppError } from "../../core/errors.js";
import type { AppEnv } from "../app-env.js";
import type { ApiSurface } from "../http/api-surface.js";
import { currentSession } from "../http/session-auth.js";
import type { EndpointOwner } from "./endpoint-queries.js";

/**
 * Whose webhook endpoints a request uses (DESIGN.md section 7): the account's, of the modes the
 * caller sees, and whether it may change them.
 */
export interface EndpointPrincipal extends EndpointOwner {
  /** The mode of an endpoint it creates. */
  createMode: KeyMode;
  canManage: boolean;
}

/**
 * An API key sees and manages only its own mode's endpoints (a test key, test endpoints);
 * changing them is an account operation, which needs admin permission.
 */
function keyPrincipal(c: Context<AppEnv>): EndpointPrincipal {
  const key = c.get("apiKey");
  if (!key) throw new AppError("UNAUTHORIZED");
  return { userId: key.userId, modes: [key.mode], createMode: key.mode, canManage: key.permission === "admin" };
}

/** The signed-in user sees both modes, each endpoint labelled; a new one is live unless `?mode=test`. */
function sessionPrincipal(c: Context<AppEnv>): EndpointPrincipal {
  return { userId: currentSession(c).userId, modes: ["live", "test"], createMode: c.req.query("mode") === "test" ? "test" : "live", canManage: true };
}

export const PUBLIC_ENDPOINT_API: ApiSurface<EndpointPrincipal> = { prefix: "/v1", hide: false, principal: keyPrincipal };
export const DASHBOARD_ENDPOINT_API: ApiSurface<EndpointPrincipal> = { prefix: "/api", hide: true, principal: sessionPrincipal };

/** The caller's principal on `surface`; one that changes endpoints (`change`) needs to manage them. */
export function endpointPrincipal(surface: ApiSurface<EndpointPrincipal>, c: Context<AppEnv>, change: boolean): EndpointPrincipal {
  const principal = surface.principal(c);
  if (change && !principal.canManage) throw new AppError("FORBIDDEN", "Managing webhook endpoints needs a key with admin permission.");
  return principal;
}

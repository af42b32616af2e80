import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";

/**
 * Where a resource's routes are served and on whose behalf: the public API (`/v1`, an API key,
 * in the OpenAPI document) or the dashboard's copy of it (`/api`, the signed-in session,
 * hidden). One set of route definitions and handlers serves both.
 */
export interface ApiSurface<Principal> {
  prefix: "/v1" | "/api";
  /** Left out of the OpenAPI document. */
  hide: boolean;
  principal: (c: Context<AppEnv>) => Principal;
}

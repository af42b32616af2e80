import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { AppEnv } from "../app-env.js";
import type { AuthDeps } from "../auth/auth-deps.js";
import { validationHook } from "../http/errors.js";
import { jsonBody, jsonResponse } from "../http/route-helpers.js";
import { currentSession } from "../http/session-auth.js";

const ProfileSchema = z.object({ id: z.string(), email: z.string(), full_name: z.string().nullable(), avatar_url: z.string().nullable() });
const ProfileUpdateSchema = z.object({ full_name: z.string().trim().min(1, "Full name is required").max(200, "Full name is too long") });

const getProfileRoute = createRoute({
  method: "get",
  path: "/api/profile",
  hide: true,
  responses: { 200: jsonResponse(ProfileSchema, "The signed-in user's profile.") },
});

const updateProfileRoute = createRoute({
  method: "patch",
  path: "/api/profile",
  hide: true,
  request: jsonBody(ProfileUpdateSchema),
  responses: { 200: jsonResponse(ProfileSchema, "The updated profile.") },
});

/** The signed-in user's own profile. */
export function accountRoutes(deps: Pick<AuthDeps, "db">) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const profileColumns = ["id", "email", "full_name", "avatar_url"] as const;

  app.openapi(getProfileRoute, async (c) => {
    const profile = await deps.db.selectFrom("profiles").select(profileColumns).where("user_id", "=", currentSession(c).userId).executeTakeFirstOrThrow();
    return c.json(profile, 200);
  });

  app.openapi(updateProfileRoute, async (c) => {
    const profile = await deps.db
      .updateTable("profiles")
      .set({ full_name: c.req.valid("json").full_name, updated_at: sql`now()` })
      .where("user_id", "=", currentSession(c).userId)
      .returning(profileColumns)
      .executeTakeFirstOrThrow();
    return c.json(profile, 200);
  });

  return app;
}

import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import { RoleSchema } from "../../core/contracts/auth.js";
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

const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: RoleSchema,
  email_confirmed: z.boolean(),
  created_at: z.string(),
});

const listUsersRoute = createRoute({
  method: "get",
  path: "/api/admin/users",
  hide: true,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).default(0),
    }),
  },
  responses: { 200: jsonResponse(z.object({ users: z.array(AdminUserSchema), total: z.number().int() }), "Every account, newest first.") },
});

/** The signed-in user's own profile (/api) and the admin's account list (/api/admin). */
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

  app.openapi(listUsersRoute, async (c) => {
    const { limit, offset } = c.req.valid("query");
    const [rows, count] = await Promise.all([
      deps.db
        .selectFrom("users")
        .leftJoin("profiles", "profiles.user_id", "users.id")
        .leftJoin("user_roles", "user_roles.user_id", "users.id")
        .select(["users.id", "users.email", "profiles.full_name", "user_roles.role", "users.confirmed_at", "users.created_at"])
        .orderBy("users.created_at", "desc")
        .orderBy("users.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
      deps.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    const users = rows.map((row) => ({
      id: row.id,
      email: row.email,
      full_name: row.full_name,
      role: row.role === "admin" ? ("admin" as const) : ("user" as const),
      email_confirmed: row.confirmed_at !== null,
      created_at: new Date(row.created_at).toISOString(),
    }));
    return c.json({ users, total: Number(count.total) }, 200);
  });

  return app;
}

import { z } from "zod";
import { apiRequest, isApiError } from "../../../lib/api-client";

/** A role that cannot be read is treated as "user" (SPEC section 6). */
export const RoleSchema = z.enum(["user", "admin"]).catch("user");
export type Role = z.infer<typeof RoleSchema>;

export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable().default(null),
  role: RoleSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** `{ user: null }` (200) and a 401 or 404 all mean "signed out". */
const MeResponseSchema = z.object({ user: CurrentUserSchema.nullable() });

/** Statuses of GET /api/me that mean "nobody is signed in" rather than a failure. */
const SIGNED_OUT_STATUSES = new Set([401, 404]);

/** The signed-in user, or null when the session is missing or expired. Other failures throw. */
export async function getMe(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const { user } = await apiRequest("/api/me", { schema: MeResponseSchema, signal });
    return user;
  } catch (error) {
    if (isApiError(error) && SIGNED_OUT_STATUSES.has(error.status)) return null;
    throw error;
  }
}

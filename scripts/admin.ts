import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { CommonConfigSchema, loadConfigOrExit } from "../core/config.js";
import { createDb, type Database } from "../core/db/client.js";
import type { Role } from "../core/contracts/auth.js";
import { newId } from "../core/ids.js";

/**
 * `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: gives or takes the admin
 * role. The change applies to the user's next request (roles are read from the database).
 */
export async function setRole(db: Database, email: string, role: Role): Promise<"changed" | "unchanged" | "no-such-user"> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select("id").where(sql<boolean>`lower(email) = lower(${email.trim()})`).executeTakeFirst();
    if (!user) return "no-such-user";
    const before = await trx.selectFrom("user_roles").select("role").where("user_id", "=", user.id).executeTakeFirst();
    if (before?.role === role) return "unchanged";
    await trx
      .insertInto("user_roles")
      .values({ user_id: user.id, role })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ role, updated_at: sql`now()` }))
      .execute();
    await trx
      .insertInto("audit_log")
      .values({
        id: newId("aud"),
        actor_user_id: null,
        action: role === "admin" ? "role.granted" : "role.revoked",
        target_type: "user",
        target_id: user.id,
        metadata: JSON.stringify({ role, via: "cli" }),
      })
      .execute();
    return "changed";
  });
}

const USAGE = "usage: npm run admin -- grant <email> | revoke <email>";

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, email] = process.argv.slice(2);
  if ((command !== "grant" && command !== "revoke") || !email) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const config = loadConfigOrExit(CommonConfigSchema, "admin");
  const db = createDb({ url: config.DATABASE_URL, poolSize: 1 });
  try {
    const role: Role = command === "grant" ? "admin" : "user";
    const outcome = await setRole(db, email, role);
    const messages = {
      changed: `${email} is now ${role === "admin" ? "an admin" : "a regular user"}.`,
      unchanged: `${email} was already ${role === "admin" ? "an admin" : "a regular user"}.`,
      "no-such-user": `No account has the address ${email}.`,
    };
    process.stdout.write(`${messages[outcome]}\n`);
    process.exitCode = outcome === "no-such-user" ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

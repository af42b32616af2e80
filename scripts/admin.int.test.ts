import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createAccount } from "../testing/accounts.js";
import { useTestDatabase } from "../testing/database.js";
import { setRole } from "./admin.js";

const database = useTestDatabase();
const roleOf = (id: string) => database.current.db.selectFrom("user_roles").select("role").where("user_id", "=", id).executeTakeFirstOrThrow();

describe("admin CLI", () => {
  it("grants and revokes the admin role by e-mail, case-insensitively, and audits it", async () => {
    const account = await createAccount(database.current.db);
    expect(await setRole(database.current.db, account.email.toUpperCase(), "admin")).toBe("changed");
    expect(await roleOf(account.id)).toEqual({ role: "admin" });
    expect(await setRole(database.current.db, account.email, "admin")).toBe("unchanged");
    expect(await setRole(database.current.db, account.email, "user")).toBe("changed");
    expect(await roleOf(account.id)).toEqual({ role: "user" });
    const audit = await database.current.db.selectFrom("audit_log").select("action").where("target_id", "=", account.id).orderBy("created_at").execute();
    expect(audit.map((a) => a.action)).toEqual(["role.granted", "role.revoked"]);
  });

  it("says so when no account has the address", async () => {
    expect(await setRole(database.current.db, "nobody@example.test", "admin")).toBe("no-such-user");
  });

  it("runs as `npm run admin -- grant <email>` and exits non-zero for an unknown address", () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx/esm", "scripts/admin.ts", ...args], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: database.current.url },
      });
    const usage = run("promote");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("usage: npm run admin -- grant <email> | revoke <email>");
    const missing = run("grant", "nobody@example.test");
    expect(missing.status).toBe(1);
    expect(missing.stdout).toContain("No account has the address nobody@example.test.");
  });
});

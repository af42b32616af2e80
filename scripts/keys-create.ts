import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { z } from "zod";
import { CommonConfigSchema, loadConfigOrExit } from "../core/config.js";
import { KeyModeSchema, KeyPermissionSchema } from "../core/contracts/api-keys.js";
import { createDb, type Database } from "../core/db/client.js";
import { insertKey } from "../gateway/keys/key-records.js";

/**
 * `npm run keys:create -- --email <address> --name <n> --mode live|test --permission read|write|admin`
 * prints a new key for an existing account (creating nothing else), for scripts and load tests.
 */
const OptionsSchema = z.object({
  email: z.email("--email must be an e-mail address"),
  name: z.string().trim().min(1, "--name is required").max(100),
  mode: KeyModeSchema.default("live"),
  permission: KeyPermissionSchema.default("write"),
});

export async function createKeyForEmail(db: Database, options: z.infer<typeof OptionsSchema>): Promise<string | undefined> {
  const user = await db.selectFrom("users").select("id").where(sql<boolean>`lower(email) = lower(${options.email})`).executeTakeFirst();
  if (!user) return undefined;
  const { secret } = await insertKey(db, user.id, { name: options.name, mode: options.mode, permission: options.permission, monthlyCap: null, expiresAt: null });
  return secret;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" }, mode: { type: "string" }, permission: { type: "string" } } });
  const options = OptionsSchema.safeParse(values);
  if (!options.success) {
    process.stderr.write(`${options.error.issues.map((i) => i.message).join("\n")}\nusage: npm run keys:create -- --email <address> --name <name> [--mode live|test] [--permission read|write|admin]\n`);
    process.exit(2);
  }
  const config = loadConfigOrExit(CommonConfigSchema, "keys:create");
  const db = createDb({ url: config.DATABASE_URL, poolSize: 1 });
  try {
    const secret = await createKeyForEmail(db, options.data);
    if (!secret) {
      process.stderr.write(`No account has the address ${options.data.email}.\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`${secret}\n`);
    }
  } finally {
    await db.destroy();
  }
}

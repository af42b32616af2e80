import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { CommonConfigSchema, loadConfigOrExit } from "../core/config.js";
import { createDb, type Database } from "../core/db/client.js";
import { newId } from "../core/ids.js";
import { hashKey, keyDisplayParts, parseKey } from "../core/keys/key-format.js";

/**
 * `npm run keys:import -- keys.csv` imports `ak_` keys of the previous platform. The CSV has a
 * header with at least `email`, `key_name` and `api_key` (optional `is_active`, `created_at`).
 * Only each key's SHA-256 and its display parts are stored; importing twice changes nothing.
 */
export interface ImportReport {
  imported: number;
  alreadyPresent: number;
  skipped: Array<{ line: number; reason: string }>;
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

export async function importKeys(db: Database, csv: string): Promise<ImportReport> {
  const lines = csv.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? "").map((h) => h.toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const report: ImportReport = { imported: 0, alreadyPresent: 0, skipped: [] };
  if (column("email") < 0 || column("api_key") < 0 || column("key_name") < 0) {
    report.skipped.push({ line: 1, reason: "the header must name email, key_name and api_key" });
    return report;
  }
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (!line.trim()) continue;
    const cells = splitCsvLine(line);
    const cell = (name: string) => cells[column(name)] ?? "";
    const apiKey = cell("api_key");
    const parsed = parseKey(apiKey);
    if (!parsed || parsed.kind !== "ak") {
      report.skipped.push({ line: index + 1, reason: "not an ak_ key of the previous platform" });
      continue;
    }
    const user = await db.selectFrom("users").select("id").where(sql<boolean>`lower(email) = lower(${cell("email")})`).executeTakeFirst();
    if (!user) {
      report.skipped.push({ line: index + 1, reason: `no account has the address ${cell("email")}` });
      continue;
    }
    const { prefix, last4 } = keyDisplayParts(apiKey);
    const createdAt = cell("created_at") && !Number.isNaN(Date.parse(cell("created_at"))) ? new Date(cell("created_at")) : new Date();
    const inserted = await db
      .insertInto("api_keys")
      .values({
        id: newId("key"),
        user_id: user.id,
        key_name: cell("key_name") || "Imported key",
        key_hash: hashKey(apiKey),
        key_prefix: prefix,
        key_last4: last4,
        mode: "live",
        permission: "write",
        is_active: cell("is_active").toLowerCase() !== "false",
        imported: true,
        created_at: createdAt,
      })
      .onConflict((oc) => oc.column("key_hash").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) report.imported++;
    else report.alreadyPresent++;
  }
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write("usage: npm run keys:import -- <file.csv>\n");
    process.exit(2);
  }
  const config = loadConfigOrExit(CommonConfigSchema, "keys:import");
  const db = createDb({ url: config.DATABASE_URL, poolSize: 1 });
  try {
    const report = await importKeys(db, readFileSync(file, "utf8"));
    process.stdout.write(`Imported ${report.imported} keys; ${report.alreadyPresent} were already present; ${report.skipped.length} skipped.\n`);
    for (const skip of report.skipped) process.stdout.write(`  line ${skip.line}: ${skip.reason}\n`);
    process.exitCode = report.skipped.length ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

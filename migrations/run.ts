import { promises as fs } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Kysely, type Migration, type MigrationProvider, type MigrationResult, Migrator, NO_MIGRATIONS } from "kysely";

/** Migration files are named YYYYMMDDHHmm_verb-noun.ts; nothing else in this folder is one. */
export const MIGRATION_FILE_PATTERN = /^\d{12}_[a-z0-9]+(?:-[a-z0-9]+)*\.(?:ts|js)$/;

const MIGRATIONS_FOLDER = import.meta.dirname;

export interface MigrationOutcome {
  /** Migrations that ran, in order, with their direction. */
  applied: { name: string; direction: "Up" | "Down" }[];
}

export function createMigrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: folderMigrationProvider(MIGRATIONS_FOLDER) });
}

/**
 * Kysely's FileMigrationProvider, with two changes: only files matching
 * MIGRATION_FILE_PATTERN are loaded (never run.ts, cli.ts or tests), and the `import()` runs
 * in this module rather than inside node_modules, so whatever loads our TypeScript (tsx, or
 * Vitest's module runner in tests) also loads the migrations. A matching file that does not
 * export both `up` and `down` is an error, not silently skipped.
 */
export function folderMigrationProvider(folder: string): MigrationProvider {
  return {
    async getMigrations() {
      const files = (await fs.readdir(folder)).filter((name) => MIGRATION_FILE_PATTERN.test(name)).sort();
      const migrations: Record<string, Migration> = {};
      for (const file of files) {
        const module: Partial<Migration> = await import(pathToFileURL(path.join(folder, file)).href);
        if (typeof module.up !== "function" || typeof module.down !== "function") {
          throw new Error(`migration ${file} must export both up(db) and down(db)`);
        }
        migrations[file.slice(0, file.lastIndexOf("."))] = { up: module.up, down: module.down };
      }
      return migrations;
    },
  };
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationOutcome> {
  return report(await createMigrator(db).migrateToLatest());
}

/** Applies the next pending migration only. */
export async function migrateUp<DB>(db: Kysely<DB>): Promise<MigrationOutcome> {
  return report(await createMigrator(db).migrateUp());
}

/** Undoes the most recent migration. */
export async function migrateDown<DB>(db: Kysely<DB>): Promise<MigrationOutcome> {
  return report(await createMigrator(db).migrateDown());
}

/** Undoes every migration, leaving only Kysely's bookkeeping tables. */
export async function migrateAllDown<DB>(db: Kysely<DB>): Promise<MigrationOutcome> {
  return report(await createMigrator(db).migrateTo(NO_MIGRATIONS));
}

function report({ error, results = [] }: { error?: unknown; results?: MigrationResult[] }): MigrationOutcome {
  if (error !== undefined) {
    const failed = results.find((r) => r.status === "Error");
    const cause = error instanceof Error ? error.message : String(error);
    const what = failed ? `migration ${failed.migrationName} (${failed.direction.toLowerCase()}) failed` : "migration failed";
    throw new Error(`${what}: ${cause}`, { cause: error });
  }
  return {
    applied: results
      .filter((r) => r.status === "Success")
      .map((r) => ({ name: r.migrationName, direction: r.direction })),
  };
}

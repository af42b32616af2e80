import { assertNoSecretsInLogs, clearCapturedLogs } from "./captured-logs.js";
import { startGatewayProcess } from "./gateway-process.js";
import type { TestProject } from "vitest/node";
import { cloneDatabase, createTemplateDatabase, databaseUrl, dropDatabase, TEMPLATE_DATABASE, withAdminClient } from "./database.js";
import { baseTestConfig, randomSuffix } from "./environment.js";
import { createDb } from "../core/db/client.js";
import { seedAdmin } from "../core/db/seed.js";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { email: string; password: string };
    /** The e2e gateway's database, for specs that seed what only the engine would write (status samples). */
    databaseUrl: string;
    /** The gateway's database and Redis names, for a spec that starts an engine beside it (console.spec.ts). */
    backendEnv: { DATABASE_URL: string; REDIS_KEY_PREFIX: string; QUEUE_PREFIX: string };
  }
}

const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-passphrase" };

/** Starts the real gateway process over a fresh database, serving the built portal. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  clearCapturedLogs();
  await createTemplateDatabase();
  const name = `sluice_e2e_${randomSuffix()}`;
  await withAdminClient((client) => cloneDatabase(client, TEMPLATE_DATABASE, name));
  const databaseUrlForRun = databaseUrl(baseTestConfig().DATABASE_URL, name);
  const db = createDb({ url: databaseUrlForRun, poolSize: 1 });
  await seedAdmin(db, E2E_ADMIN).finally(() => db.destroy());
  const prefix = `e2e:${randomSuffix()}`;
  const backendEnv = { DATABASE_URL: databaseUrlForRun, REDIS_KEY_PREFIX: `${prefix}:`, QUEUE_PREFIX: `{${prefix}}` };
  const gateway = await startGatewayProcess({
    ...backendEnv,
    // A helper building elsewhere (parallel work) points E2E_PORTAL_DIST_DIR at its own build.
    PORTAL_DIST_DIR: process.env.E2E_PORTAL_DIST_DIR ?? "portal/dist",
  });
  const url = gateway.url;
  project.provide("baseUrl", url);
  project.provide("admin", E2E_ADMIN);
  project.provide("backendEnv", backendEnv);
  project.provide("databaseUrl", databaseUrlForRun);

  return async () => {
    await gateway.stop();
    await withAdminClient((client) => dropDatabase(client, name));
    // The browser tests' whole run, as the gateway and engines logged it: no secret in it.
    assertNoSecretsInLogs();
  };
}

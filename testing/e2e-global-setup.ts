import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { cloneDatabase, createTemplateDatabase, databaseUrl, dropDatabase, TEMPLATE_DATABASE, withAdminClient } from "./database.js";
import { baseTestConfig, randomSuffix } from "./environment.js";
import { createDb } from "../core/db/client.js";
import { seedAdmin } from "../core/db/seed.js";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { email: string; password: string };
  }
}

const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-passphrase" };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitUntilReady(url: string, gateway: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gateway.exitCode !== null) throw new Error(`the gateway exited (${gateway.exitCode}):\n${output()}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the gateway did not become ready:\n${output()}`);
}

/** Starts the real gateway process over a fresh database, serving the built portal. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await createTemplateDatabase();
  const name = `sluice_e2e_${randomSuffix()}`;
  await withAdminClient((client) => cloneDatabase(client, TEMPLATE_DATABASE, name));
  const databaseUrlForRun = databaseUrl(baseTestConfig().DATABASE_URL, name);
  const db = createDb({ url: databaseUrlForRun, poolSize: 1 });
  await seedAdmin(db, E2E_ADMIN).finally(() => db.destroy());
  const port = await freePort();
  const prefix = `e2e:${randomSuffix()}`;
  let output = "";
  const gateway = spawn(process.execPath, ["--import", "tsx/esm", "gateway/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrlForRun,
      REDIS_KEY_PREFIX: `${prefix}:`,
      QUEUE_PREFIX: `{${prefix}}`,
      PORTAL_DIST_DIR: "portal/dist",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  gateway.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  gateway.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, gateway, () => output);
  project.provide("baseUrl", url);
  project.provide("admin", E2E_ADMIN);

  return async () => {
    gateway.kill("SIGTERM");
    await new Promise((resolve) => (gateway.exitCode === null ? gateway.once("exit", resolve) : resolve(null)));
    await withAdminClient((client) => dropDatabase(client, name));
  };
}

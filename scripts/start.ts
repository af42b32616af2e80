import { parseArgs } from "node:util";
import { ConfigError, EngineConfigSchema, GatewayConfigSchema, SeedConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { PreflightError, checkRedis } from "./preflight.js";
import { setupDatabase } from "./setup-database.js";
import { superviseProcesses, type ProcessSpec, type SupervisorEvent } from "./supervise.js";

/**
 * `npm start` / `npm run dev`: checks PostgreSQL and Redis, creates and migrates the database,
 * seeds the plan catalogue and the first admin, then runs the gateway and the engine together
 * until interrupted, restarting either one that exits unexpectedly.
 *
 * `npm start` runs this file compiled (dist/scripts/start.js, after `npm run build -- --if-stale`)
 * and the compiled processes with plain node; `npm run dev` runs the sources through tsx, with
 * reload on change, and Vite's development server for the portal.
 */
const { values: flags } = parseArgs({ options: { dev: { type: "boolean", default: false } } });
const say = (line: string) => process.stdout.write(`${line}\n`);

async function prepare() {
  const env = readEnvironment();
  const seedConfig = parseConfig(SeedConfigSchema, env);
  const gatewayConfig = parseConfig(GatewayConfigSchema, env);
  // Checked here too, so a bad setting stops npm start instead of restarting the engine forever.
  parseConfig(EngineConfigSchema, env);

  await checkRedis(seedConfig.REDIS_URL);
  const { created } = await setupDatabase(seedConfig);
  say(`${created ? "Created and migrated" : "Migrated"} the database; plan catalogue and admin seeded.`);
  return { seedConfig, gatewayConfig, env };
}

function processSpecs(): ProcessSpec[] {
  if (!flags.dev) {
    return [
      { name: "gateway", args: ["--enable-source-maps", "dist/gateway/main.js"] },
      { name: "engine", args: ["--enable-source-maps", "dist/engine/main.js"] },
    ];
  }
  return [
    { name: "gateway", args: ["--import", "tsx/esm", "--watch", "gateway/main.ts"] },
    { name: "engine", args: ["--import", "tsx/esm", "--watch", "engine/main.ts"] },
    { name: "portal", args: ["node_modules/vite/bin/vite.js", "--config", "portal/vite.config.ts"] },
  ];
}

function report(event: SupervisorEvent): void {
  if (event.type === "exited") {
    const how = event.signal ? `signal ${event.signal}` : `code ${event.code}`;
    process.stderr.write(`The ${event.name} exited unexpectedly (${how}); restarting it in ${event.restartInMs / 1_000} s. The others keep running.\n`);
  } else if (event.type === "error") {
    process.stderr.write(`The ${event.name} could not be started: ${event.message}\n`);
  }
}

async function waitUntilReady(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main() {
  const { seedConfig, gatewayConfig, env } = await prepare();
  // Pretty logs on a development terminal; production logs JSON lines (and installs no pretty-printer).
  const pretty = process.stdout.isTTY && gatewayConfig.NODE_ENV !== "production";
  const supervisor = superviseProcesses(processSpecs(), { env: { ...process.env, ...env, LOG_PRETTY: pretty ? "true" : env.LOG_PRETTY }, onEvent: report });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    supervisor.stop().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  const localUrl = `http://${gatewayConfig.HOST}:${gatewayConfig.PORT}`;
  if (await waitUntilReady(localUrl, 60_000)) {
    const usesDefaultPassword = seedConfig.ADMIN_PASSWORD === "change-me-admin";
    say("");
    say(`Sluice is running.`);
    const rows: Array<[string, string]> = [
      ["Portal", `${gatewayConfig.PUBLIC_URL}/`],
      ...(flags.dev ? [["Portal, hot reload", "http://localhost:5173/"] as [string, string]] : []),
      ["API reference", `${gatewayConfig.PUBLIC_URL}/reference`],
      ["OpenAPI document", `${gatewayConfig.PUBLIC_URL}/openapi.yaml`],
      ["Readiness", `${gatewayConfig.PUBLIC_URL}/readyz`],
      ...(gatewayConfig.NODE_ENV !== "production" && !seedConfig.SMTP_URL
        ? [["Mailbox (dev)", `${gatewayConfig.PUBLIC_URL}/dev/mailbox`] as [string, string]]
        : []),
      ["Admin sign-in", `${seedConfig.ADMIN_EMAIL} / ${usesDefaultPassword ? "change-me-admin (the development default)" : "the ADMIN_PASSWORD you set"}`],
    ];
    for (const [label, value] of rows) say(`  ${label.padEnd(20)}${value}`);
    say("Press Ctrl+C to stop.");
  } else if (!stopping) {
    process.stderr.write(`The gateway did not become ready at ${localUrl}/readyz within 60 s.\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof PreflightError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`npm start failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});

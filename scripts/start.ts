import { spawn, type ChildProcess } from "node:child_process";
import { parseArgs } from "node:util";
import { ConfigError, GatewayConfigSchema, SeedConfigSchema, parseConfig, readEnvironment } from "../core/config.js";
import { buildPortal, portalBuildIsStale } from "./portal-build.js";
import { PreflightError, checkRedis } from "./preflight.js";
import { setupDatabase } from "./setup-database.js";

/**
 * `npm start` / `npm run dev`: checks PostgreSQL and Redis, creates and migrates the database,
 * seeds the plan catalogue and the first admin, builds the portal when stale, then runs the
 * gateway and the engine together until interrupted.
 */
const { values: flags } = parseArgs({ options: { dev: { type: "boolean", default: false } } });
const say = (line: string) => process.stdout.write(`${line}\n`);

async function prepare() {
  const env = readEnvironment();
  const seedConfig = parseConfig(SeedConfigSchema, env);
  const gatewayConfig = parseConfig(GatewayConfigSchema, env);

  await checkRedis(seedConfig.REDIS_URL);
  const { created } = await setupDatabase(seedConfig);
  say(`${created ? "Created and migrated" : "Migrated"} the database; plan catalogue and admin seeded.`);

  if (!flags.dev && portalBuildIsStale(gatewayConfig.PORTAL_DIST_DIR)) {
    say("Building the portal...");
    buildPortal();
  }
  return { seedConfig, gatewayConfig, env };
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { stdio: "inherit", env });
  child.on("error", (error) => process.stderr.write(`${name}: ${error.message}\n`));
  return child;
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
  const childEnv = { ...process.env, ...env, LOG_PRETTY: process.stdout.isTTY ? "true" : env.LOG_PRETTY };
  const tsx = flags.dev ? ["--import", "tsx/esm", "--watch"] : ["--import", "tsx/esm"];
  const children = [
    run("gateway", [...tsx, "gateway/main.ts"], childEnv),
    run("engine", [...tsx, "engine/main.ts"], childEnv),
    ...(flags.dev ? [run("portal", ["node_modules/vite/bin/vite.js", "--config", "portal/vite.config.ts"], childEnv)] : []),
  ];

  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once("exit", r)) : null))).then(() =>
      process.exit(code),
    );
  };
  for (const child of children) {
    child.on("exit", (code) => {
      if (!stopping) {
        process.stderr.write(`A process exited unexpectedly (code ${code ?? "signal"}); stopping the others.\n`);
        stopAll(code || 1);
      }
    });
  }
  process.once("SIGINT", () => stopAll(0));
  process.once("SIGTERM", () => stopAll(0));

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

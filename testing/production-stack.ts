import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { compiledPath } from "../scripts/build.js";
import { baseTestConfig, randomSuffix } from "./environment.js";
import { databaseUrl, dropDatabase, withAdminClient } from "./database.js";
import { startEngineProcess, type EngineProcess } from "./engine-process.js";
import { startForwardingProxy, type ForwardingProxy } from "./forwarding-proxy.js";
import { freePort, startGatewayProcess, type GatewayProcess } from "./gateway-process.js";
import { startPesapalStandIn, type PesapalStandIn } from "./pesapal-stand-in.js";
import { runCommand } from "./run-command.js";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp.js";

/**
 * Sluice as an operator deploys it, for the production-mode journey: the compiled setup script,
 * gateway and engine (plain node, NODE_ENV=production, fresh secrets), behind a reverse proxy
 * (TRUST_PROXY) at http://localhost:<port>, mailing through a real SMTP server the test reads,
 * and paying through a Pesapal stand-in on another origin (http://127.0.0.1:<port>).
 */
export interface ProductionStack {
  /** Where people reach the portal and the API: the proxy (the gateway's PUBLIC_URL). */
  url: string;
  /** The address the proxy forwards as the client's. */
  clientAddress: string;
  gateway: GatewayProcess;
  engine: EngineProcess;
  proxy: ForwardingProxy;
  smtp: TestSmtpServer;
  pesapal: PesapalStandIn;
}

export function useProductionStack(): { current: ProductionStack } {
  const holder = {} as { current: ProductionStack };
  const closers: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    for (const script of ["gateway/main.ts", "engine/main.ts", "scripts/setup-database.ts"]) {
      if (!existsSync(compiledPath(script))) throw new Error(`${compiledPath(script)} is missing: run \`npm run build\` first (npm run test:e2e does)`);
    }
    const database = `sluice_production_${randomSuffix()}`;
    const prefix = `production:${randomSuffix()}`;
    const dataDir = mkdtempSync(join(tmpdir(), "sluice-production-"));
    closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const pesapalCredentials = { consumerKey: randomBytes(12).toString("hex"), consumerSecret: randomBytes(24).toString("hex") };

    const smtp = await startTestSmtpServer();
    closers.push(smtp.close);
    const gatewayPort = await freePort();
    const clientAddress = "203.0.113.7";
    const proxy = await startForwardingProxy(`http://127.0.0.1:${gatewayPort}`, { clientAddress });
    closers.push(proxy.close);
    const pesapal = await startPesapalStandIn({ ...pesapalCredentials, framingOrigins: [proxy.url] });
    closers.push(pesapal.close);

    const settings = {
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATABASE_URL: databaseUrl(baseTestConfig().DATABASE_URL, database),
      REDIS_KEY_PREFIX: `${prefix}:`,
      QUEUE_PREFIX: `{${prefix}}`,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: proxy.url,
      ADMIN_EMAIL: "operator@production.test",
      ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
      // Gateway and engine (which cancels expired orders) both talk to the provider.
      PAYMENT_PROVIDER: "pesapal",
      PESAPAL_BASE_URL: pesapal.baseUrl,
      PESAPAL_CONSUMER_KEY: pesapalCredentials.consumerKey,
      PESAPAL_CONSUMER_SECRET: pesapalCredentials.consumerSecret,
    };
    // What a release runs first: create, migrate (the compiled migrations) and seed.
    const setup = await runCommand(process.execPath, [compiledPath("scripts/setup-database.ts")], { env: settings });
    if (setup.status !== 0) throw new Error(`the setup script failed:\n${setup.output}`);
    closers.push(() => withAdminClient((client) => dropDatabase(client, database)));

    const engine = await startEngineProcess(settings, "compiled");
    closers.push(engine.stop);
    const gateway = await startGatewayProcess(
      {
        ...settings,
        HOST: "127.0.0.1",
        PORT: String(gatewayPort),
        TRUST_PROXY: "true",
        JWT_SECRET: randomBytes(32).toString("base64url"),
      },
      "compiled",
    );
    closers.push(gateway.stop);
    holder.current = { url: proxy.url, clientAddress, gateway, engine, proxy, smtp, pesapal };
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });
  return holder;
}

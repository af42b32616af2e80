import { compiledPath } from "../scripts/build.js";
import { captureLog } from "./captured-logs.js";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface GatewayProcess {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** How a server process runs: its TypeScript sources through tsx (tests of the tree), or compiled by `npm run build`, as production runs it. */
export type ProcessBuild = "source" | "compiled";

export function serverProcessArgs(source: "gateway/main.ts" | "engine/main.ts", build: ProcessBuild): string[] {
  return build === "compiled" ? ["--enable-source-maps", compiledPath(source)] : ["--import", "tsx/esm", source];
}

/** The real gateway (`gateway/main.ts`) in a child process, ready when this resolves. */
export async function startGatewayProcess(env: Record<string, string>, build: ProcessBuild = "source"): Promise<GatewayProcess> {
  // A fixed PORT when a proxy in front must know it first; PUBLIC_URL may then name the proxy.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = "";
  const child = spawn(process.execPath, serverProcessArgs("gateway/main.ts", build), {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    captureLog("gateway-process", chunk.toString());
  };
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited (${child.exitCode}):\n${output}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the gateway did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

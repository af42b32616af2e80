import { spawn } from "node:child_process";

/**
 * Runs a program and collects its output without blocking this process (an engine under test
 * may run in it, which a spawnSync would freeze). Rejects only when the program cannot start.
 */
export function runCommand(command: string, args: string[], options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: options.timeoutMs ?? 240_000 });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) => reject(new Error(`${command} could not run (.ci/run installs the SDK toolchains from Debian's packages): ${error.message}`)));
    child.on("close", (status) => resolve({ status, output }));
  });
}

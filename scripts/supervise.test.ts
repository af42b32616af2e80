import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../testing/wait-for.js";
import { superviseProcesses, type Supervisor, type SupervisorEvent } from "./supervise.js";

const STAYS_UP = ["-e", "setInterval(() => {}, 1000)"];
const CRASHES = ["-e", "process.exit(3)"];
const QUICK = { initialDelayMs: 20, maxDelayMs: 80, healthyAfterMs: 60_000 };

let supervisor: Supervisor | undefined;
afterEach(async () => {
  await supervisor?.stop();
  supervisor = undefined;
});

function supervise(specs: Array<{ name: string; args: string[] }>, policy = QUICK) {
  const events: SupervisorEvent[] = [];
  supervisor = superviseProcesses(specs, { env: process.env, onEvent: (event) => events.push(event), policy, stdio: "ignore" });
  const exits = (name: string) => events.filter((e): e is Extract<SupervisorEvent, { type: "exited" }> => e.type === "exited" && e.name === name);
  const starts = (name: string) => events.filter((e) => e.type === "started" && e.name === name);
  return { supervisor, events, exits, starts };
}

describe("superviseProcesses", () => {
  it("restarts a crashing child with a doubling, capped delay while the other keeps its process", async () => {
    const { supervisor, exits, starts } = supervise([
      { name: "gateway", args: STAYS_UP },
      { name: "engine", args: CRASHES },
    ]);
    const gatewayPid = supervisor.child("gateway")?.pid;
    await waitFor(() => exits("engine").length >= 4 || undefined, 20_000);
    expect(exits("engine").slice(0, 4).map((e) => [e.code, e.restartInMs])).toEqual([
      [3, 20],
      [3, 40],
      [3, 80],
      [3, 80],
    ]);
    expect(starts("gateway")).toHaveLength(1);
    expect(supervisor.child("gateway")?.pid).toBe(gatewayPid);
    expect(supervisor.child("gateway")?.exitCode).toBeNull();
  });

  it("restarts a child killed by a signal, and waits the first delay again after a healthy run", async () => {
    const { supervisor, exits, starts } = supervise([{ name: "engine", args: ["-e", "setTimeout(() => process.exit(1), 150)"] }], { ...QUICK, healthyAfterMs: 50 });
    await waitFor(() => exits("engine").length >= 2 || undefined, 20_000);
    expect(exits("engine").slice(0, 2).map((e) => e.restartInMs)).toEqual([20, 20]);

    await waitFor(() => supervisor.child("engine") !== undefined || undefined, 5_000);
    const before = starts("engine").length;
    supervisor.child("engine")?.kill("SIGKILL");
    await waitFor(() => exits("engine").some((e) => e.signal === "SIGKILL") || undefined, 5_000);
    await waitFor(() => starts("engine").length > before || undefined, 5_000);
  });

  it("stops every child and restarts nothing once stopped", async () => {
    const { supervisor, events } = supervise([
      { name: "gateway", args: STAYS_UP },
      { name: "engine", args: CRASHES },
    ]);
    const gateway = supervisor.child("gateway");
    await supervisor.stop();
    expect(gateway?.signalCode ?? gateway?.exitCode).not.toBeNull();
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.slice(count)).toEqual([]);
    expect(supervisor.child("gateway")).toBeUndefined();
    expect(supervisor.child("engine")).toBeUndefined();
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../../core/db/client.js";
import { createProducerQueues } from "../../../core/queues.js";
import { createRedis } from "../../../core/redis.js";
import { ACTION_TYPES } from "../../../core/contracts/actions/action-registry.js";
import { ACTION_RUNNERS, isPure, runAction, runPureAction } from "./action-runners.js";
import { testActionContext } from "../../../testing/action-context.js";

// Real clients that never connect: transform and condition touch no store.
const db = createDb({ url: "postgres://unused@127.0.0.1:1/unused" });
const redis = createRedis("redis://127.0.0.1:1", "producer", { lazyConnect: true });
const queues = createProducerQueues(redis, "{unused}");
afterAll(async () => {
  await queues.close();
  redis.disconnect();
  await db.destroy();
});
const context = testActionContext({ db, queues });

describe("ACTION_RUNNERS", () => {
  it("has a runner for every registered action type but delay, and none for a type the registry lacks", () => {
    expect(Object.keys(ACTION_RUNNERS).sort()).toEqual(ACTION_TYPES.filter((type) => type !== "delay").sort());
  });

  it("runs only transform and condition in memory", () => {
    const pure = ACTION_TYPES.filter((type) => type !== "delay" && isPure({ type, config: {} } as never));
    expect(pure.sort()).toEqual(["condition", "transform"]);
    expect(isPure({ type: "delay", config: { seconds: 1 } })).toBe(false);
  });
});

describe("runPureAction", () => {
  it("outputs a transform's resolved object", () => {
    expect(runPureAction({ type: "transform", config: { output: { total: 42, who: { name: "Ada" } } } })).toEqual({ total: 42, who: { name: "Ada" } });
  });

  it("outputs a condition's verdict", () => {
    expect(runPureAction({ type: "condition", config: { left: "7", operator: "less_than", right: 10 } })).toEqual({ matched: true, left: "7", operator: "less_than", right: 10 });
  });

  it("refuses an action with effects outside the run, and delay", () => {
    expect(() => runPureAction({ type: "send_email", config: { to: "a@example.test", subject: "s", text: "t" } })).toThrow("runPureAction does not run send_email steps");
    expect(() => runPureAction({ type: "delay", config: { seconds: 5 } })).toThrow("runPureAction does not run delay steps");
  });
});

describe("runAction", () => {
  it("refuses pure actions, which run in memory, and delay steps, which the runner schedules", async () => {
    await expect(runAction({ type: "transform", config: { output: {} } }, context)).rejects.toThrow("runAction does not run transform steps");
    await expect(runAction({ type: "delay", config: { seconds: 5 } }, context)).rejects.toThrow("runAction does not run delay steps");
  });
});

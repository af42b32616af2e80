import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../../core/db/client.js";
import { createProducerQueues } from "../../../core/queues.js";
import { createRedis } from "../../../core/redis.js";
import { runAction } from "./run-action.js";
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

describe("runAction", () => {
  it("outputs a transform's resolved object", async () => {
    expect(await runAction({ type: "transform", config: { output: { total: 42, who: { name: "Ada" } } } }, context)).toEqual({
      output: { total: 42, who: { name: "Ada" } },
    });
  });

  it("outputs a condition's verdict", async () => {
    expect(await runAction({ type: "condition", config: { left: "7", operator: "less_than", right: 10 } }, context)).toEqual({
      output: { matched: true, left: "7", operator: "less_than", right: 10 },
    });
  });

  it("fails for good when a template turned a transform's output into something else", async () => {
    await expect(runAction({ type: "transform", config: { output: "{{not resolved to an object}}" } } as never, context)).rejects.toMatchObject({
      code: "ACTION_FAILED",
      retryable: false,
      message: expect.stringContaining("config.output"),
    });
  });

  it("leaves delay steps to the runner", async () => {
    await expect(runAction({ type: "delay", config: { seconds: 5 } }, context)).rejects.toThrow("runAction does not run delay steps");
  });
});

import { describe, expect, it } from "vitest";
import { WorkflowSchema } from "../../../core/contracts/workflow-responses.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useTestApp } from "../../../testing/gateway.js";

/** Issue 40, item 5: template references checked on save, a plan's minimum schedule interval, PATCH and 405. */

const testApp = useTestApp();
const db = () => testApp.current.database.db;

type Auth = { Authorization: string };

async function send(auth: Auth, method: string, path: string, body?: unknown): Promise<Response> {
  return testApp.current.app.request(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const fetchStep = { type: "http_request", name: "fetch", config: { url: "https://example.com/orders/{{trigger.data.id}}", method: "GET" } };
const shapeStep = { type: "transform", name: "shape", config: { output: { status: "{{steps.fetch.output.status}}" } } };
const definition = (overrides: Record<string, unknown> = {}) => ({ name: "Orders", trigger: { type: "webhook" }, actions: [fetchStep, shapeStep], ...overrides });
const schedule = (cron: string, timezone = "UTC") => ({ type: "schedule", config: { cron, timezone } });

async function created(auth: Auth, body: unknown = definition()) {
  const response = await send(auth, "POST", "/v1/workflows", body);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return WorkflowSchema.parse(await response.json());
}

async function refusal(response: Response) {
  expect(response.status).toBe(422);
  const { error } = ErrorBodySchema.parse(await response.json());
  expect(error.code).toBe("VALIDATION_FAILED");
  return error.details ?? [];
}

async function onPlan(userId: string, packageName: string) {
  await db().updateTable("user_packages").set({ package_name: packageName }).where("user_id", "=", userId).execute();
}

describe("template references", () => {
  const badReferences: Array<[string, unknown[], string, string]> = [
    ["a prototype segment", [{ ...fetchStep, config: { ...fetchStep.config, url: "https://example.com/{{trigger.data.constructor}}" } }], "actions.0.config.url", 'forbidden segment "constructor"'],
    ["an unknown root", [{ ...fetchStep, config: { ...fetchStep.config, headers: { "X-Key": "{{process.env.SECRET}}" } } }], "actions.0.config.headers.X-Key", 'must start with "trigger" or "steps"'],
    ["a later step", [shapeStep, fetchStep], "actions.0.config.output.status", 'step "fetch", which does not run before this step'],
    ["a step that does not exist", [fetchStep, { ...shapeStep, config: { output: { s: "{{steps.fetc.output}}" } } }], "actions.1.config.output.s", 'step "fetc", which this workflow does not have'],
    ["a field the trigger does not have", [{ ...fetchStep, config: { ...fetchStep.config, url: "https://example.com/{{trigger.body.id}}" } }], "actions.0.config.url", 'the trigger has only "data"'],
  ];

  it.each(badReferences)("refuses %s on POST, PUT and PATCH, naming the field and the reference", async (_, actions, field, message) => {
    const { userId, authorization } = await createKeyedAccount(db());
    const expected = [{ field, message: expect.stringContaining(message) }];
    expect(await refusal(await send(authorization, "POST", "/v1/workflows", definition({ actions })))).toEqual(expected);
    const workflow = await created(authorization);
    expect(await refusal(await send(authorization, "PUT", `/v1/workflows/${workflow.id}`, { actions }))).toEqual(expected);
    expect(await refusal(await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { actions }))).toEqual(expected);
    const stored = await db().selectFrom("workflows").select("actions").where("user_id", "=", userId).execute();
    expect(stored.map((row) => row.actions)).toEqual([workflow.actions]);
  });

  it("names the reference's text in the message", async () => {
    const { authorization } = await createKeyedAccount(db());
    const actions = [{ ...fetchStep, config: { ...fetchStep.config, url: "https://example.com/{{ process.env.X }}" } }];
    expect(await refusal(await send(authorization, "POST", "/v1/workflows", definition({ actions })))).toEqual([
      { field: "actions.0.config.url", message: 'Template "{{ process.env.X }}" must start with "trigger" or "steps"' },
    ]);
  });

  it("accepts references to trigger data and to earlier steps by their own or default names, and escaped text", async () => {
    const { authorization } = await createKeyedAccount(db());
    const unnamed = { type: "http_request", config: { url: "https://example.com", method: "GET" } };
    const actions = [unnamed, fetchStep, { type: "transform", config: { output: { a: "{{steps.http_request_1.output.body.items[0].id}}", b: "{{steps.fetch.output}}", c: "\\{{process.env.X}}", d: "{{trigger.data}}" } } }];
    expect((await created(authorization, definition({ actions }))).actions).toHaveLength(3);
  });

  it("still loads and runs a workflow stored before the check with a reference it now refuses", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization);
    const legacy = [{ type: "transform", name: "shape", config: { output: { x: "{{trigger.data.constructor}}" } } }];
    await db().updateTable("workflows").set({ actions: JSON.stringify(legacy) }).where("id", "=", workflow.id).execute();
    expect(WorkflowSchema.parse(await (await send(authorization, "GET", `/v1/workflows/${workflow.id}`)).json()).actions).toEqual(legacy);
    expect((await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { name: "Renamed" })).status).toBe(200);
    expect((await send(authorization, "POST", `/v1/workflows/${workflow.id}/execute`, { data: {} })).status).toBe(202);
  });
});

describe("the plan's minimum schedule interval", () => {
  it("refuses a cron faster than the free plan's 15 minutes and names the field and the minimum; a paid plan allows it", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const details = await refusal(await send(authorization, "POST", "/v1/workflows", definition({ trigger: schedule("*/5 * * * *") })));
    expect(details).toEqual([{ field: "trigger.config.cron", message: expect.stringMatching(/fires 5 minutes apart .*the Free plan allows a schedule at most every 15 minutes$/) }]);
    await created(authorization, definition({ trigger: schedule("*/15 * * * *") }));
    await onPlan(userId, "professional_100000");
    await created(authorization, definition({ trigger: schedule("*/5 * * * *") }));
    await created(authorization, definition({ trigger: schedule("* * * * *") }));
  });

  it("holds six-field crons (seconds first) to the same minimum", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    await onPlan(userId, "professional_100000");
    expect(await refusal(await send(authorization, "POST", "/v1/workflows", definition({ trigger: schedule("*/10 * * * * *") })))).toEqual([
      { field: "trigger.config.cron", message: expect.stringMatching(/fires 10 seconds apart .*the Professional 100K plan allows a schedule at most every 1 minute$/) },
    ]);
    await created(authorization, definition({ trigger: schedule("30 * * * * *") }));
  });

  it("measures gaps in the schedule's time zone, clock changes included", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    await onPlan(userId, "starter");
    await db().updateTable("package_definitions").set({ min_schedule_interval_seconds: 1_800 }).where("package_name", "=", "starter").execute();
    try {
      // 1:10, 1:55, 3:10 and 3:55: 75 minutes apart at the shortest, but 15 in New York on the night clocks go forward.
      const details = await refusal(await send(authorization, "POST", "/v1/workflows", definition({ trigger: schedule("10,55 1,3 * * *", "America/New_York") })));
      expect(details).toEqual([{ field: "trigger.config.cron", message: expect.stringContaining("fires 15 minutes apart") }]);
      await created(authorization, definition({ trigger: schedule("10,55 1,3 * * *", "Asia/Tokyo") }));
    } finally {
      await db().updateTable("package_definitions").set({ min_schedule_interval_seconds: 300 }).where("package_name", "=", "starter").execute();
    }
  });

  it("checks PUT and PATCH triggers too, and lets a schedule saved before a downgrade keep its cron when other fields change", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    await onPlan(userId, "professional_100000");
    const workflow = await created(authorization, definition({ trigger: schedule("* * * * *") }));
    await onPlan(userId, "free");
    expect((await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { name: "Renamed" })).status).toBe(200);
    expect(await refusal(await send(authorization, "PUT", `/v1/workflows/${workflow.id}`, { trigger: schedule("*/2 * * * *") }))).toEqual([
      { field: "trigger.config.cron", message: expect.stringContaining("the Free plan allows a schedule at most every 15 minutes") },
    ]);
    expect(await refusal(await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { trigger: { config: { timezone: "Europe/Berlin" } } }))).toEqual([
      { field: "trigger.config.cron", message: expect.stringContaining("fires 1 minute apart") },
    ]);
  });
});

describe("PATCH /v1/workflows/{id}", () => {
  it("changes only the fields given and keeps the rest", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization, definition({ description: "Kept" }));
    const response = await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { status: "draft" });
    expect(response.status).toBe(200);
    const patched = WorkflowSchema.parse(await response.json());
    expect(patched).toMatchObject({ id: workflow.id, name: "Orders", description: "Kept", status: "draft", trigger: workflow.trigger, actions: workflow.actions });
  });

  it("merges trigger config keys, so changing the cron keeps the time zone", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization, definition({ trigger: schedule("0 9 * * *", "Europe/Berlin") }));
    const patched = WorkflowSchema.parse(await (await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { trigger: { config: { cron: "30 6 * * 1-5" } } })).json());
    expect(patched.trigger).toEqual(schedule("30 6 * * 1-5", "Europe/Berlin"));
    const scheduler = (await testApp.current.queues.get("workflow-schedule").getJobSchedulers()).find((entry) => entry.key === `workflow:${workflow.id}`);
    expect(scheduler).toMatchObject({ pattern: "30 6 * * 1-5", tz: "Europe/Berlin" });
  });

  it("changes the trigger's type from an empty config, and keeps the webhook secret across a round trip", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization);
    const toSchedule = await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { trigger: { type: "schedule", config: { cron: "0 * * * *" } } });
    expect(WorkflowSchema.parse(await toSchedule.json())).toMatchObject({ trigger: schedule("0 * * * *"), webhook_url: null });
    expect(await refusal(await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { trigger: { type: "manual", config: { cron: "0 * * * *" } } }))).toEqual([
      expect.objectContaining({ field: expect.stringMatching(/^trigger\.config/) }),
    ]);
    const back = WorkflowSchema.parse(await (await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { trigger: { type: "webhook" } })).json());
    expect(back.trigger).toEqual({ type: "webhook", config: {} });
    expect(back.webhook_url).toBe(workflow.webhook_url);
  });

  it("refuses an empty patch, a schedule without a cron and an unknown field, and answers 404 for another account's workflow", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization);
    expect(await refusal(await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, {}))).toEqual([{ field: "(root)", message: "Give at least one field to update" }]);
    expect((await refusal(await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { trigger: { type: "schedule" } }))).map((d) => d.field)).toEqual(["trigger.config.cron"]);
    expect((await refusal(await send(authorization, "PATCH", `/v1/workflows/${workflow.id}`, { trigger: { kind: "x" } }))).length).toBeGreaterThan(0);
    const stranger = await createKeyedAccount(db());
    expect((await send(stranger.authorization, "PATCH", `/v1/workflows/${workflow.id}`, { name: "Mine" })).status).toBe(404);
  });
});

describe("methods a path does not answer", () => {
  it("answers 405 with Allow for a known path and another method, and 404 for an unknown path", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization);
    const post = await send(authorization, "POST", `/v1/workflows/${workflow.id}`, { name: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("DELETE, GET, HEAD, PATCH, PUT");
    expect(ErrorBodySchema.parse(await post.json()).error.code).toBe("METHOD_NOT_ALLOWED");
    const deleteList = await send(authorization, "DELETE", "/v1/workflows");
    expect(deleteList.status).toBe(405);
    expect(deleteList.headers.get("Allow")).toBe("GET, HEAD, POST");
    const unknown = await send(authorization, "GET", "/v1/teleporters");
    expect(unknown.status).toBe(404);
    expect(ErrorBodySchema.parse(await unknown.json()).error.code).toBe("NOT_FOUND");
  });
});

import { describe, expect, it } from "vitest";
import { ACTION_TYPES } from "../../../core/contracts/actions/action-registry.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useTestApp } from "../../../testing/gateway.js";
import { WorkflowListSchema, WorkflowSchema } from "../../../core/contracts/workflow-responses.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;

type Auth = { Authorization: string };

async function send(auth: Auth, method: string, path: string, body?: unknown): Promise<Response> {
  return testApp.current.app.request(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

const transform = { type: "transform", config: { output: { greeting: "Hello {{trigger.data.name}}" } } };
const webhookWorkflow = (overrides: Record<string, unknown> = {}) => ({ name: "Order received", description: "Greets", trigger: { type: "webhook" }, actions: [transform], ...overrides });
const scheduleWorkflow = (overrides: Record<string, unknown> = {}) =>
  webhookWorkflow({ name: "Nightly", trigger: { type: "schedule", config: { cron: "0 9 * * 1-5", timezone: "Europe/Berlin" } }, ...overrides });

async function created(auth: Auth, body: unknown = webhookWorkflow()) {
  const response = await send(auth, "POST", "/v1/workflows", body);
  expect(response.status).toBe(201);
  return WorkflowSchema.parse(await response.json());
}

async function errorOf(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

const schedulers = async () => testApp.current.queues.get("workflow-schedule").getJobSchedulers();

describe("creating and reading workflows", () => {
  it("creates a webhook workflow with a secret webhook_url and reads it back", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization);
    expect(workflow).toMatchObject({ name: "Order received", description: "Greets", status: "active", trigger: { type: "webhook", config: {} }, last_run: null, executions: 0 });
    expect(workflow.id).toMatch(/^wf_/);
    expect(workflow.actions).toEqual([transform]);
    const row = await db().selectFrom("workflows").selectAll().where("id", "=", workflow.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: userId, mode: "live", status: "active" });
    expect(row.hook_secret).toMatch(/^[\w-]{43}$/);
    expect(workflow.webhook_url).toBe(`${testApp.current.config.PUBLIC_URL.replace(/\/$/, "")}/hooks/${workflow.id}/${row.hook_secret}`);

    const fetched = await send(authorization, "GET", `/v1/workflows/${workflow.id}`);
    expect(fetched.status).toBe(200);
    expect(WorkflowSchema.parse(await fetched.json())).toEqual(workflow);
  });

  it("gives manual and schedule workflows no webhook_url", async () => {
    const { authorization } = await createKeyedAccount(db());
    expect((await created(authorization, webhookWorkflow({ trigger: { type: "manual" } }))).webhook_url).toBeNull();
    expect((await created(authorization, scheduleWorkflow({ status: "draft" }))).webhook_url).toBeNull();
  });

  it("shows the execution count and the last run: the latest start of its executions, in a fetch and a list", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization);
    const other = await created(authorization);
    const lastRun = new Date("2026-11-20T08:00:00.000Z");
    const executions = [
      { id: "exec_a", workflow_id: workflow.id, started_at: new Date(lastRun.getTime() - 60_000) },
      { id: "exec_b", workflow_id: workflow.id, started_at: lastRun },
      { id: "exec_c", workflow_id: workflow.id, started_at: null },
      { id: "exec_d", workflow_id: other.id, started_at: new Date(lastRun.getTime() + 60_000) },
    ];
    for (const execution of executions) {
      await db().insertInto("executions").values({ ...execution, user_id: userId, trigger_type: "manual" }).execute();
    }
    const fetched = WorkflowSchema.parse(await (await send(authorization, "GET", `/v1/workflows/${workflow.id}`)).json());
    expect(fetched).toMatchObject({ executions: 3, last_run: lastRun.toISOString() });
    const listed = WorkflowListSchema.parse(await (await send(authorization, "GET", "/v1/workflows")).json());
    expect(listed.workflows.find((row) => row.id === workflow.id)).toMatchObject({ executions: 3, last_run: lastRun.toISOString() });
  });
});

describe("validation", () => {
  it("answers a missing name with 422 and the detail \"Name is required\"", async () => {
    const { authorization } = await createKeyedAccount(db());
    const response = await send(authorization, "POST", "/v1/workflows", { trigger: { type: "webhook" }, actions: [transform] });
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details).toEqual([{ field: "name", message: "Name is required" }]);
  });

  it("names the field of a bad action, trigger, cron or time zone", async () => {
    const { userId, authorization } = await createKeyedAccount(db());
    const cases: Array<[unknown, string]> = [
      [webhookWorkflow({ actions: [{ type: "teleport", config: {} }] }), "actions.0.type"],
      [webhookWorkflow({ actions: [{ type: "delay", config: { seconds: 0 } }] }), "actions.0.config.seconds"],
      [webhookWorkflow({ actions: [] }), "actions"],
      [webhookWorkflow({ trigger: { type: "carrier-pigeon" } }), "trigger.type"],
      [scheduleWorkflow({ trigger: { type: "schedule", config: { cron: "61 * * * *" } } }), "trigger.config.cron"],
      [scheduleWorkflow({ trigger: { type: "schedule", config: { cron: "every day" } } }), "trigger.config.cron"],
      [scheduleWorkflow({ trigger: { type: "schedule", config: { cron: "0 9 * * *", timezone: "Mars/Olympus" } } }), "trigger.config.timezone"],
    ];
    for (const [body, field] of cases) {
      const response = await send(authorization, "POST", "/v1/workflows", body);
      expect(response.status, field).toBe(422);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details?.map((detail) => detail.field), JSON.stringify(error.details)).toContain(field);
    }
    expect(await db().selectFrom("workflows").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("refuses an action type the registry does not list, naming every type it does", async () => {
    const { authorization } = await createKeyedAccount(db());
    const response = await send(authorization, "POST", "/v1/workflows", webhookWorkflow({ actions: [transform, { type: "fax", config: { to: "+1 555" } }] }));
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details).toEqual([{ field: "actions.1.type", message: `action type must be one of: ${ACTION_TYPES.join(", ")}` }]);
  });

  it("answers malformed JSON with 400 and an empty update with 422", async () => {
    const { authorization } = await createKeyedAccount(db());
    const malformed = await send(authorization, "POST", "/v1/workflows", "{not json");
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("MALFORMED_JSON");
    const workflow = await created(authorization);
    const empty = await send(authorization, "PUT", `/v1/workflows/${workflow.id}`, {});
    expect(empty.status).toBe(422);
    const badCron = await send(authorization, "PUT", `/v1/workflows/${workflow.id}`, { trigger: { type: "schedule", config: { cron: "0 25 * * *" } } });
    expect(badCron.status).toBe(422);
    expect((await errorOf(badCron)).details?.[0]?.field).toBe("trigger.config.cron");
  });
});

describe("updating and deleting", () => {
  it("replaces the fields given and moves updated_at", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization);
    const response = await send(authorization, "PUT", `/v1/workflows/${workflow.id}`, { name: "Renamed", status: "draft", description: null });
    expect(response.status).toBe(200);
    const updated = WorkflowSchema.parse(await response.json());
    expect(updated).toMatchObject({ id: workflow.id, name: "Renamed", status: "draft", description: null, trigger: workflow.trigger, actions: workflow.actions, webhook_url: workflow.webhook_url });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(workflow.updated_at));
    const row = await db().selectFrom("workflows").select(["name", "status"]).where("id", "=", workflow.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Renamed", status: "draft" });
  });

  it("soft-deletes: the answer names deleted_at and the workflow is 404 everywhere after", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization);
    const response = await send(authorization, "DELETE", `/v1/workflows/${workflow.id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; deleted_at: string };
    expect(body.message).toBe("Workflow deleted");
    const row = await db().selectFrom("workflows").select("deleted_at").where("id", "=", workflow.id).executeTakeFirstOrThrow();
    expect(row.deleted_at?.toISOString()).toBe(body.deleted_at);
    for (const [method, path, payload] of [
      ["GET", `/v1/workflows/${workflow.id}`],
      ["PUT", `/v1/workflows/${workflow.id}`, { name: "Back" }],
      ["DELETE", `/v1/workflows/${workflow.id}`],
      ["POST", `/v1/workflows/${workflow.id}/execute`],
      ["GET", `/v1/workflows/${workflow.id}/executions`],
    ] as Array<[string, string, unknown?]>) {
      const answer = await send(authorization, method, path, payload);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(answer)).code).toBe("NOT_FOUND");
    }
    const list = WorkflowListSchema.parse(await (await send(authorization, "GET", "/v1/workflows")).json());
    expect(list.total).toBe(0);
  });
});

describe("listing", () => {
  it("pages newest first and reports the total", async () => {
    const { authorization } = await createKeyedAccount(db());
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await created(authorization, webhookWorkflow({ name: `W${i}` }))).id);
    const first = WorkflowListSchema.parse(await (await send(authorization, "GET", "/v1/workflows?page=1&limit=2")).json());
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.workflows.map((w) => w.id)).toEqual([ids[4], ids[3]]);
    const last = WorkflowListSchema.parse(await (await send(authorization, "GET", "/v1/workflows?page=3&limit=2")).json());
    expect(last.workflows.map((w) => w.id)).toEqual([ids[0]]);
    const defaults = WorkflowListSchema.parse(await (await send(authorization, "GET", "/v1/workflows")).json());
    expect(defaults).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(defaults.workflows).toHaveLength(5);
  });

  it("filters by status and creation date", async () => {
    const { authorization } = await createKeyedAccount(db());
    const old = await created(authorization, webhookWorkflow({ name: "Old" }));
    const mid = await created(authorization, webhookWorkflow({ name: "Mid", status: "draft" }));
    const fresh = await created(authorization, webhookWorkflow({ name: "Fresh" }));
    const at = (id: string, iso: string) => db().updateTable("workflows").set({ created_at: new Date(iso) }).where("id", "=", id).execute();
    await at(old.id, "2026-01-10T12:00:00Z");
    await at(mid.id, "2026-02-10T12:00:00Z");
    await at(fresh.id, "2026-03-10T12:00:00Z");
    const names = async (query: string) => WorkflowListSchema.parse(await (await send(authorization, "GET", `/v1/workflows?${query}`)).json()).workflows.map((w) => w.name);
    expect(await names("status=draft")).toEqual(["Mid"]);
    expect(await names("status=active")).toEqual(["Fresh", "Old"]);
    expect(await names("created_after=2026-02-01")).toEqual(["Fresh", "Mid"]);
    expect(await names("created_before=2026-02-10T13:00:00Z")).toEqual(["Mid", "Old"]);
    expect(await names("created_after=2026-01-31&created_before=2026-03-01&status=draft")).toEqual(["Mid"]);
  });

  it("answers bad parameters with 400 and names each one", async () => {
    const { authorization } = await createKeyedAccount(db());
    for (const [query, field] of [
      ["page=0", "page"],
      ["page=abc", "page"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["status=archived", "status"],
      ["created_after=yesterday", "created_after"],
      ["created_before=2026-13-45", "created_before"],
    ]) {
      const response = await send(authorization, "GET", `/v1/workflows?${query}`);
      expect(response.status, query).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.details?.map((detail) => detail.field)).toContain(field);
    }
  });
});

describe("ownership and modes", () => {
  it("answers 404 for another account's workflow and never lists it", async () => {
    const owner = await createKeyedAccount(db());
    const stranger = await createKeyedAccount(db());
    const workflow = await created(owner.authorization);
    for (const [method, path, payload] of [
      ["GET", `/v1/workflows/${workflow.id}`],
      ["PUT", `/v1/workflows/${workflow.id}`, { name: "Mine now" }],
      ["DELETE", `/v1/workflows/${workflow.id}`],
      ["POST", `/v1/workflows/${workflow.id}/execute`],
    ] as Array<[string, string, unknown?]>) {
      expect((await send(stranger.authorization, method, path, payload)).status, `${method} ${path}`).toBe(404);
    }
    expect(WorkflowListSchema.parse(await (await send(stranger.authorization, "GET", "/v1/workflows")).json()).total).toBe(0);
    const row = await db().selectFrom("workflows").select(["name", "deleted_at"]).where("id", "=", workflow.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Order received", deleted_at: null });
  });

  it("keeps test-mode and live workflows apart", async () => {
    const live = await createKeyedAccount(db());
    const test = await createKeyedAccount(db(), { mode: "test", userId: live.userId });
    const testWorkflow = await created(test.authorization, webhookWorkflow({ name: "Sandbox" }));
    const liveWorkflow = await created(live.authorization, webhookWorkflow({ name: "Production" }));
    expect((await db().selectFrom("workflows").select("mode").where("id", "=", testWorkflow.id).executeTakeFirstOrThrow()).mode).toBe("test");
    expect((await send(live.authorization, "GET", `/v1/workflows/${testWorkflow.id}`)).status).toBe(404);
    expect((await send(test.authorization, "GET", `/v1/workflows/${liveWorkflow.id}`)).status).toBe(404);
    const testList = WorkflowListSchema.parse(await (await send(test.authorization, "GET", "/v1/workflows")).json());
    expect(testList.workflows.map((w) => w.name)).toEqual(["Sandbox"]);
  });

  it("refuses a read-only key's POST with 403", async () => {
    const { authorization } = await createKeyedAccount(db(), { permission: "read" });
    const response = await send(authorization, "POST", "/v1/workflows", webhookWorkflow());
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("FORBIDDEN");
    expect((await send(authorization, "GET", "/v1/workflows")).status).toBe(200);
  });
});

describe("schedules", () => {
  it("keeps a job scheduler for an active schedule workflow, and removes it for drafts and deletions", async () => {
    const { authorization } = await createKeyedAccount(db());
    const workflow = await created(authorization, scheduleWorkflow());
    const schedulerOf = async () => (await schedulers()).find((scheduler) => scheduler.key === `workflow:${workflow.id}`);
    expect(await schedulerOf()).toMatchObject({ pattern: "0 9 * * 1-5", tz: "Europe/Berlin" });

    expect((await send(authorization, "PUT", `/v1/workflows/${workflow.id}`, { status: "draft" })).status).toBe(200);
    expect(await schedulerOf()).toBeUndefined();

    expect((await send(authorization, "PUT", `/v1/workflows/${workflow.id}`, { status: "active", trigger: { type: "schedule", config: { cron: "30 6 * * *" } } })).status).toBe(200);
    expect(await schedulerOf()).toMatchObject({ pattern: "30 6 * * *", tz: "UTC" });

    expect((await send(authorization, "DELETE", `/v1/workflows/${workflow.id}`)).status).toBe(200);
    expect(await schedulerOf()).toBeUndefined();
  });

  it("registers nothing for a draft or a workflow without a schedule", async () => {
    const { authorization } = await createKeyedAccount(db());
    const draft = await created(authorization, scheduleWorkflow({ status: "draft" }));
    const hook = await created(authorization);
    const keys = (await schedulers()).map((scheduler) => scheduler.key);
    expect(keys).not.toContain(`workflow:${draft.id}`);
    expect(keys).not.toContain(`workflow:${hook.id}`);
  });
});

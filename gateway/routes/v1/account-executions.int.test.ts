import { describe, expect, it } from "vitest";
import { ExecutionPageSchema } from "../../../core/contracts/workflow-responses.js";
import type { ExecutionStatus } from "../../../core/contracts/workflows.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { newId } from "../../../core/ids.js";
import { createAccount, createKeyedAccount } from "../../../testing/accounts.js";
import { BrowserClient } from "../../../testing/browser-client.js";
import { useTestApp } from "../../../testing/gateway.js";
import { insertWorkflow } from "../../../testing/workflow-runs.js";
import { encodeExecutionCursor } from "../../workflows/execution-cursor.js";

// GET /v1/executions (and the dashboard's /api/executions): an account's executions across workflows.
const testApp = useTestApp();
const db = () => testApp.current.database.db;

type Auth = { Authorization: string };
type Mode = "live" | "test";

const BASE = Date.parse("2026-11-01T12:00:00.000Z");
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

async function seedExecution(userId: string, workflowId: string, options: { mode?: Mode; status?: ExecutionStatus; queuedAt?: Date } = {}): Promise<string> {
  const id = newId("exec");
  await db()
    .insertInto("executions")
    .values({ id, workflow_id: workflowId, user_id: userId, mode: options.mode ?? "live", status: options.status ?? "completed", trigger_type: "manual", queued_at: options.queuedAt ?? new Date() })
    .execute();
  return id;
}

const get = (auth: Auth, query = "") => testApp.current.app.request(`/v1/executions${query}`, { headers: auth });

async function page(auth: Auth, query = "") {
  const response = await get(auth, query);
  expect(response.status).toBe(200);
  return ExecutionPageSchema.parse(await response.json());
}

async function ids(auth: Auth, query = "") {
  return (await page(auth, query)).executions.map((execution) => execution.id);
}

/** Every execution the list shows, page after page of `limit`; `between` runs before each next page. */
async function walk(auth: Auth, query: string, between: () => Promise<void> = async () => {}): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const current = await page(auth, `${query}${cursor ? `&cursor=${cursor}` : ""}`);
    seen.push(...current.executions.map((execution) => execution.id));
    if (!current.has_more) {
      expect(current.next_cursor).toBeNull();
      return seen;
    }
    cursor = current.next_cursor;
    await between();
  }
  throw new Error("the list never ended");
}

/** An account with a live and a test key, two live workflows and one test workflow. */
async function keyedAccount() {
  const live = await createKeyedAccount(db());
  const test = await createKeyedAccount(db(), { mode: "test", userId: live.userId });
  const first = await insertWorkflow(db(), live.userId, { actions: [] });
  const second = await insertWorkflow(db(), live.userId, { actions: [] });
  const testFlow = await insertWorkflow(db(), live.userId, { actions: [], mode: "test" });
  return { userId: live.userId, live: live.authorization, test: test.authorization, first, second, testFlow };
}

describe("GET /v1/executions", () => {
  it("lists the key's account and mode only, across workflows, newest first", async () => {
    const account = await keyedAccount();
    const older = await seedExecution(account.userId, account.first, { queuedAt: at(1) });
    const newer = await seedExecution(account.userId, account.second, { queuedAt: at(2) });
    const testRun = await seedExecution(account.userId, account.testFlow, { mode: "test", queuedAt: at(3) });
    const stranger = await createKeyedAccount(db());
    const strangerFlow = await insertWorkflow(db(), stranger.userId, { actions: [] });
    const strangers = await seedExecution(stranger.userId, strangerFlow, { queuedAt: at(4) });

    const live = await page(account.live);
    expect(live.executions.map((execution) => execution.id)).toEqual([newer, older]);
    expect(live.executions.map((execution) => execution.workflow_id)).toEqual([account.second, account.first]);
    expect(live).toMatchObject({ has_more: false, next_cursor: null });
    expect(await ids(account.test)).toEqual([testRun]);
    expect(await ids(stranger.authorization)).toEqual([strangers]);
    // A workflow id of another account or mode filters to nothing; it reveals nothing either.
    expect(await ids(account.live, `?workflow_id=${strangerFlow}`)).toEqual([]);
    expect(await ids(account.live, `?workflow_id=${account.testFlow}`)).toEqual([]);
  });

  it("takes mode only as the key's own: the other mode is 403", async () => {
    const account = await keyedAccount();
    const run = await seedExecution(account.userId, account.testFlow, { mode: "test" });
    expect(await ids(account.test, "?mode=test")).toEqual([run]);
    const refused = await get(account.test, "?mode=live");
    expect(refused.status).toBe(403);
    expect(ErrorBodySchema.parse(await refused.json()).error).toMatchObject({ code: "FORBIDDEN", message: "This key lists test executions only." });
    expect((await get(account.live, "?mode=test")).status).toBe(403);
  });

  it("filters by one or several statuses, by workflow and by time", async () => {
    const account = await keyedAccount();
    const failed = await seedExecution(account.userId, account.first, { status: "failed", queuedAt: at(10) });
    const cancelled = await seedExecution(account.userId, account.second, { status: "cancelled", queuedAt: at(20) });
    const completed = await seedExecution(account.userId, account.first, { status: "completed", queuedAt: at(30) });
    const queued = await seedExecution(account.userId, account.second, { status: "queued", queuedAt: at(40) });

    expect(await ids(account.live, "?status=failed")).toEqual([failed]);
    expect(await ids(account.live, "?status=failed,cancelled")).toEqual([cancelled, failed]);
    expect(await ids(account.live, "?status=failed&status=queued")).toEqual([queued, failed]);
    expect(await ids(account.live, "?status=running")).toEqual([]);
    expect(await ids(account.live, `?workflow_id=${account.first}`)).toEqual([completed, failed]);
    expect(await ids(account.live, `?workflow_id=${account.second}&status=queued`)).toEqual([queued]);
    expect(await ids(account.live, `?created_after=${at(10).toISOString()}`)).toEqual([queued, completed, cancelled]);
    expect(await ids(account.live, `?created_before=${at(30).toISOString()}`)).toEqual([cancelled, failed]);
    expect(await ids(account.live, `?created_after=${at(15).toISOString()}&created_before=${encodeURIComponent(at(35).toISOString().replace("Z", "+00:00"))}`)).toEqual([
      completed,
      cancelled,
    ]);
    expect(await ids(account.live, "?created_after=2026-11-02")).toEqual([]);
    expect(await ids(account.live, "?created_before=2026-11-02")).toEqual([queued, completed, cancelled, failed]);
  });

  it("walks every execution exactly once, page by page, while new ones are queued", async () => {
    const account = await keyedAccount();
    const seeded: Array<{ id: string; queuedAt: Date }> = [];
    // Groups of executions share a queued_at: the id orders them and the cursor must not skip or repeat one.
    for (let index = 0; index < 23; index++) {
      const queuedAt = at(Math.floor(index / 3));
      seeded.push({ id: await seedExecution(account.userId, index % 2 ? account.first : account.second, { queuedAt }), queuedAt });
    }
    const expected = seeded.sort((a, b) => b.queuedAt.getTime() - a.queuedAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);
    const insertedDuringWalk: string[] = [];
    const insertMore = async () => {
      insertedDuringWalk.push(...(await Promise.all([seedExecution(account.userId, account.first), seedExecution(account.userId, account.second)])));
    };
    const seen = await walk(account.live, `?limit=4&created_before=${at(100).toISOString()}`, insertMore);
    expect(seen).toEqual(expected);
    expect(insertedDuringWalk).toHaveLength(10);
    // Executions queued during a walk are newer than its first page: the next walk shows them first, and each execution once.
    const earlierInserts = insertedDuringWalk.splice(0);
    const everything = await walk(account.live, "?limit=7", insertMore);
    expect(new Set(everything).size).toBe(everything.length);
    expect(everything.slice(-expected.length)).toEqual(expected);
    expect(new Set(everything.slice(0, -expected.length))).toEqual(new Set(earlierInserts));
    expect(everything.filter((id) => insertedDuringWalk.includes(id))).toEqual([]);

    // Inserts racing the reads rather than between them: still each execution once, the seeded ones all and in order.
    let racing = true;
    const racer = (async () => {
      const raced: string[] = [];
      while (racing) raced.push(await seedExecution(account.userId, account.first));
      return raced;
    })();
    const walked = await walk(account.live, "?limit=3");
    racing = false;
    const raced = await racer;
    expect(raced.length).toBeGreaterThan(0);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.slice(-expected.length)).toEqual(expected);
    const known = new Set([...earlierInserts, ...insertedDuringWalk, ...raced]);
    expect(walked.slice(0, -expected.length).every((id) => known.has(id))).toBe(true);
  });

  it("pages with the filters applied and ends with has_more false", async () => {
    const account = await keyedAccount();
    for (let index = 0; index < 5; index++) await seedExecution(account.userId, account.first, { status: index % 2 ? "failed" : "completed", queuedAt: at(index) });
    const first = await page(account.live, "?status=failed&limit=1");
    expect(first.executions).toHaveLength(1);
    expect(first.has_more).toBe(true);
    const second = await page(account.live, `?status=failed&limit=1&cursor=${first.next_cursor}`);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.executions.map((execution) => execution.status)).toEqual(["failed"]);
    expect((await page(account.live)).executions).toHaveLength(5);
    expect(await page((await createKeyedAccount(db())).authorization)).toEqual({ executions: [], has_more: false, next_cursor: null });
  });

  it.each(["0000-01-01", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999+14:00", "1969-12-31T23:59:59.999999Z"])("answers the far-off bound %s without failing", async (bound) => {
    const account = await keyedAccount();
    await seedExecution(account.userId, account.first);
    for (const query of [`?created_after=${encodeURIComponent(bound)}`, `?created_before=${encodeURIComponent(bound)}`]) {
      const response = await get(account.live, query);
      expect(response.status, query).toBeLessThan(500);
    }
  });

  it.each([
    ["an unknown status", "?status=done", "status"],
    ["an unknown status among good ones", "?status=failed,done", "status"],
    ["an empty status", "?status=", "status"],
    ["a workflow id of another kind", "?workflow_id=exec_1AbCdEfGhJkLmNpQrStUvW", "workflow_id"],
    ["a date that is not ISO 8601", "?created_after=yesterday", "created_after"],
    ["a date that does not exist", "?created_before=2026-02-30", "created_before"],
    ["a range that ends before it starts", "?created_after=2026-11-02&created_before=2026-11-01", "created_after"],
    ["a cursor that is not one", "?cursor=not-a-cursor", "cursor"],
    ["a cursor on a day that does not exist", `?cursor=${encodeExecutionCursor({ queuedAt: "2026-02-30T00:00:00.000000Z", id: "exec_1AbCdEfGhJkLmNpQrStUvW" })}`, "cursor"],
    ["a cursor given twice", "?cursor=a&cursor=b", "cursor"],
    ["a mode given twice", "?mode=live&mode=test", "mode"],
    ["a limit of 0", "?limit=0", "limit"],
    ["a limit above 100", "?limit=101", "limit"],
    ["a limit that is not a number", "?limit=ten", "limit"],
    ["an unknown mode", "?mode=staging", "mode"],
    ["an unknown parameter", "?state=failed", "(root)"],
  ])("answers 400 for %s", async (_, query, field) => {
    const account = await keyedAccount();
    const response = await get(account.live, query);
    expect(response.status).toBe(400);
    const { error } = ErrorBodySchema.parse(await response.json());
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.details?.some((detail) => detail.field === field || detail.field.startsWith(`${field}.`))).toBe(true);
    if (field === "(root)") expect(error.details?.[0]?.message).toContain("state");
  });

  it("is metered like other reads and needs a key", async () => {
    const account = await keyedAccount();
    const first = await get(account.live);
    const second = await get(account.live);
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBe(Number(first.headers.get("x-ratelimit-remaining")) - 1);
    expect((await testApp.current.app.request("/v1/executions")).status).toBe(401);
  });
});

describe("GET /api/executions (dashboard)", () => {
  it("shows the signed-in user's executions of the mode asked for, never another account's", async () => {
    const account = await createAccount(db());
    const browser = new BrowserClient(testApp.current.app);
    expect((await browser.post("/auth/signin", { email: account.email, password: account.password })).status).toBe(200);
    const liveFlow = await insertWorkflow(db(), account.id, { actions: [] });
    const testFlow = await insertWorkflow(db(), account.id, { actions: [], mode: "test" });
    const live = await seedExecution(account.id, liveFlow);
    const test = await seedExecution(account.id, testFlow, { mode: "test" });
    const stranger = await keyedAccount();
    await seedExecution(stranger.userId, stranger.first);
    await seedExecution(stranger.userId, stranger.testFlow, { mode: "test" });

    const read = async (query: string) => ExecutionPageSchema.parse(await (await browser.request(`/api/executions${query}`)).json()).executions.map((e) => e.id);
    expect(await read("")).toEqual([live]);
    expect(await read("?mode=live")).toEqual([live]);
    expect(await read("?mode=test")).toEqual([test]);
    expect(await read("?mode=test&status=completed")).toEqual([test]);
    expect((await browser.request("/api/executions?mode=staging")).status).toBe(400);
    expect((await testApp.current.app.request("/api/executions")).status).toBe(401);
    // Dashboard requests are not API usage.
    expect(await db().selectFrom("api_usage").select("id").where("user_id", "=", account.id).execute()).toEqual([]);
  });
});

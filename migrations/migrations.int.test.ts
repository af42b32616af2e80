import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../core/db/client.js";
import { newId } from "../core/ids.js";
import { useTestDatabase } from "../testing/database.js";
import { randomSuffix } from "../testing/environment.js";
import { createMigrator, migrateAllDown, migrateDown, migrateToLatest } from "./run.js";

const DATA_MODEL_TABLES = [
  "analyses", "api_key_usage", "api_keys", "api_usage", "audit_log", "auth_tokens", "billing_history", "datasets",
  "email_outbox", "execution_steps", "executions", "idempotency_keys", "incidents", "oauth_accounts",
  "package_definitions", "paid_periods", "payment_orders", "profiles", "provider_events", "sessions", "status_daily_counts", "status_samples", "streams",
  "status_subscribers", "stream_rollups", "subscriptions", "usage_flush_batches", "usage_thresholds_notified", "user_packages", "user_roles", "users",
  "webhook_deliveries", "webhook_delivery_attempts", "webhook_endpoints", "webhook_events", "workflows",
];
const KYSELY_TABLES = ["kysely_migration", "kysely_migration_lock"];

const scratch = useTestDatabase("empty");
let db: Database;

beforeAll(async () => {
  db = scratch.current.db;
  await migrateToLatest(db);
});

async function publicTables<DB>(kdb: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(kdb);
  return rows.map((r) => r.table_name);
}

/** Tables, columns, constraints, indexes and sequences of the public schema, as text. */
async function schemaSnapshot<DB>(kdb: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select format('%s %s', c.relkind, c.relname) as line
      from pg_class c where c.relnamespace = 'public'::regnamespace
    union all
    select format('col %s.%s %s null=%s default=%s', table_name, column_name, data_type, is_nullable, column_default)
      from information_schema.columns where table_schema = 'public'
    union all
    select format('con %s %s', conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select format('idx %s', indexdef) from pg_indexes where schemaname = 'public'
    order by 1`.execute(kdb);
  return rows.map((r) => r.line);
}

async function insertUser(email = `${randomSuffix()}@example.com`): Promise<string> {
  const id = newId("usr");
  await db.insertInto("users").values({ id, email }).execute();
  return id;
}

async function insertPackage(packageName: string): Promise<string> {
  await db
    .insertInto("package_definitions")
    .values({ package_name: packageName, display_name: packageName, request_limit: 1000, rate_limit_per_minute: 60, data_limit_bytes: -1, monthly_price_cents: 2900 })
    .execute();
  return packageName;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

function apiKeyRow(userId: string) {
  const key = `sk_test_${randomSuffix()}`;
  return {
    id: newId("key"),
    user_id: userId,
    key_name: "ci",
    key_hash: sha256(key),
    key_prefix: key.slice(0, 8),
    key_last4: key.slice(-4),
    mode: "test",
  };
}

describe("migrating up", () => {
  it("creates every table of the data model", async () => {
    expect(await publicTables(db)).toEqual([...DATA_MODEL_TABLES, ...KYSELY_TABLES].sort());
  });

  it("rejects a second api_usage row for the same user, endpoint and date", async () => {
    const userId = await insertUser();
    const row = { user_id: userId, endpoint: "/api/analytics", request_count: 5, date: "2026-11-21" };
    await db.insertInto("api_usage").values(row).execute();
    await expect(db.insertInto("api_usage").values(row).execute()).rejects.toMatchObject({ code: "23505" });
    await db.insertInto("api_usage").values({ ...row, endpoint: "/api/general" }).execute();
  });

  it("rejects an api_usage endpoint outside the four categories", async () => {
    const userId = await insertUser();
    const row = { user_id: userId, endpoint: "/v1/workflows", request_count: 1, date: "2026-11-21" };
    await expect(db.insertInto("api_usage").values(row).execute()).rejects.toMatchObject({ code: "23514" });
  });

  it("rejects an api key without a key_hash, and a second key with the same hash", async () => {
    const userId = await insertUser();
    const { key_hash: _omitted, ...withoutHash } = apiKeyRow(userId);
    await expect(db.insertInto("api_keys").values(withoutHash as never).execute()).rejects.toMatchObject({ code: "23502" });

    const key = apiKeyRow(userId);
    await db.insertInto("api_keys").values(key).execute();
    await expect(
      db.insertInto("api_keys").values({ ...apiKeyRow(userId), key_hash: key.key_hash }).execute(),
    ).rejects.toMatchObject({ code: "23505" });
  });

  it("defaults a new api key to write permission, active and not imported", async () => {
    const key = apiKeyRow(await insertUser());
    await db.insertInto("api_keys").values(key).execute();
    const stored = await db.selectFrom("api_keys").selectAll().where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ permission: "write", is_active: true, imported: false, monthly_cap: null });
  });

  it("treats e-mail addresses that differ only in case as the same account", async () => {
    await insertUser("Ada@Example.com");
    await expect(insertUser("ada@example.COM")).rejects.toMatchObject({ code: "23505" });
  });

  it("deletes everything a user owns when the user is deleted, but keeps their audit entries", async () => {
    const userId = await insertUser();
    const packageName = await insertPackage(`p_${randomSuffix()}`);
    await db.insertInto("user_packages").values({ id: newId("pkg"), user_id: userId, package_name: packageName }).execute();
    await db.insertInto("profiles").values({ id: userId, user_id: userId, email: "x@example.com" }).execute();
    await db.insertInto("user_roles").values({ user_id: userId }).execute();
    await db.insertInto("api_keys").values(apiKeyRow(userId)).execute();
    const workflowId = newId("wf");
    await db.insertInto("workflows")
      .values({ id: workflowId, user_id: userId, name: "w", status: "active", trigger: { type: "manual" }, hook_secret: "s" })
      .execute();
    const executionId = newId("exec");
    await db.insertInto("executions")
      .values({ id: executionId, workflow_id: workflowId, user_id: userId, trigger_type: "manual" })
      .execute();
    await db.insertInto("execution_steps")
      .values({ id: newId("step"), execution_id: executionId, step_index: 0, name: "s", type: "delay" })
      .execute();
    const auditId = newId("aud");
    await db.insertInto("audit_log").values({ id: auditId, actor_user_id: userId, action: "plan.assigned" }).execute();

    await db.deleteFrom("users").where("id", "=", userId).execute();

    for (const table of ["profiles", "user_roles", "api_keys", "user_packages", "workflows", "executions"] as const) {
      const { count } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
      expect(Number(count), table).toBe(0);
    }
    expect(await db.selectFrom("execution_steps").select("id").where("execution_id", "=", executionId).execute()).toEqual([]);
    const audit = await db.selectFrom("audit_log").select("actor_user_id").where("id", "=", auditId).executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBeNull();
  });

  it("lets one transaction insert a billing row that points at a payment order created after it", async () => {
    const userId = await insertUser();
    await insertPackage("starter_t");
    const billingId = newId("bill");
    const orderId = newId("ord");
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("billing_history").values({ id: billingId, user_id: userId, amount: 2900, payment_order_id: orderId }).execute();
      await trx.insertInto("payment_orders")
        .values({ id: orderId, user_id: userId, billing_history_id: billingId, package_name: "starter_t", billing_period: "monthly", amount: 2900, merchant_reference: orderId, provider: "sandbox" })
        .execute();
    });
    const billing = await db.selectFrom("billing_history").selectAll().where("id", "=", billingId).executeTakeFirstOrThrow();
    expect(billing).toMatchObject({ amount: 2900, currency: "USD", status: "pending", metadata: {}, invoice_number: null });
  });

  it("refuses to complete a billing row without an invoice number", async () => {
    const userId = await insertUser();
    const row = { id: newId("bill"), user_id: userId, amount: 2900, status: "completed" };
    await expect(db.insertInto("billing_history").values(row).execute()).rejects.toMatchObject({ code: "23514" });
    await db.insertInto("billing_history").values({ ...row, invoice_number: `INV-2026-${randomSuffix()}` }).execute();
  });

  it("numbers invoices from invoice_number_seq", async () => {
    const { rows } = await sql<{ n: string }>`select nextval('invoice_number_seq') as n`.execute(db);
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(1);
  });

  it("allows only one active or past-due subscription per user", async () => {
    const userId = await insertUser();
    await insertPackage("pro_t");
    const subscription = (status: string) => ({ id: newId("sub"), user_id: userId, status, plan_name: "pro_t", billing_period: "monthly", amount: 19000 });
    await db.insertInto("subscriptions").values(subscription("cancelled")).execute();
    await db.insertInto("subscriptions").values(subscription("active")).execute();
    await expect(db.insertInto("subscriptions").values(subscription("past_due")).execute()).rejects.toMatchObject({ code: "23505" });
  });
});

describe("adding webhook modes (202611271500)", () => {
  const BEFORE = "202611261000_partial-indexes-for-open-deliveries-and-reruns";
  const modesOf = async (table: "webhook_endpoints" | "webhook_events", ids: string[]) =>
    Object.fromEntries((await db.selectFrom(table).select(["id", "mode"]).where("id", "in", ids).execute()).map((row) => [row.id, row.mode]));

  it("makes existing endpoints and events live, except events of test-mode activity, and undoes it without test endpoints going live", async () => {
    await createMigrator(db).migrateTo(BEFORE);
    const userId = await insertUser();
    const [workflowId, testExecution, liveExecution, testAnalysis] = [newId("wf"), newId("exec"), newId("exec"), newId("an")];
    await sql`insert into workflows (id, user_id, name, status, trigger, hook_secret, mode) values (${workflowId}, ${userId}, 'w', 'active', '{"type":"manual"}', 's', 'test')`.execute(db);
    await sql`insert into executions (id, workflow_id, user_id, trigger_type, mode) values (${testExecution}, ${workflowId}, ${userId}, 'manual', 'test'), (${liveExecution}, ${workflowId}, ${userId}, 'manual', 'live')`.execute(db);
    await sql`insert into analyses (id, user_id, analysis, mode) values (${testAnalysis}, ${userId}, 'trend', 'test')`.execute(db);
    const endpointId = newId("whe");
    await sql`insert into webhook_endpoints (id, user_id, url, events, secret) values (${endpointId}, ${userId}, 'https://hooks.example.com/in', '{*}', 'whsec_dGVzdA==')`.execute(db);
    const events = {
      testRun: [newId("evt"), "workflow.completed", { execution_id: testExecution }],
      liveRun: [newId("evt"), "workflow.completed", { execution_id: liveExecution }],
      testAnalysis: [newId("evt"), "processing.completed", { analysis_id: testAnalysis }],
      testStream: [newId("evt"), "stream.anomaly_detected", { stream: "s", mode: "test" }],
      liveStream: [newId("evt"), "stream.anomaly_detected", { stream: "s", mode: "live" }],
      sample: [newId("evt"), "workflow.completed", { execution_id: newId("exec"), test: true }],
      usage: [newId("evt"), "usage.threshold_reached", { threshold_percent: 80 }],
    } as const;
    for (const [id, type, data] of Object.values(events)) {
      await sql`insert into webhook_events (id, user_id, type, payload) values (${id}, ${userId}, ${type}, ${JSON.stringify({ id, type, data })})`.execute(db);
    }

    await migrateToLatest(db);
    expect(await modesOf("webhook_endpoints", [endpointId])).toEqual({ [endpointId]: "live" });
    const eventModes = await modesOf("webhook_events", Object.values(events).map(([id]) => id));
    expect(Object.fromEntries(Object.entries(events).map(([name, [id]]) => [name, eventModes[id]]))).toEqual({
      testRun: "test",
      liveRun: "live",
      testAnalysis: "test",
      testStream: "test",
      liveStream: "live",
      sample: "live",
      usage: "live",
    });
    const endpoint = { user_id: userId, url: "https://hooks.example.com/t", events: ["*"], secret: "whsec_dGVzdA==" };
    await expect(db.insertInto("webhook_endpoints").values({ ...endpoint, id: newId("whe"), mode: "staging" }).execute()).rejects.toMatchObject({ code: "23514" });
    await expect(sql`insert into webhook_endpoints (id, user_id, url, events, secret) values (${newId("whe")}, ${userId}, 'https://x.example.com', '{*}', 's')`.execute(db), "no default mode").rejects.toMatchObject({ code: "23502" });
    const testEndpointId = newId("whe");
    await db.insertInto("webhook_endpoints").values({ ...endpoint, id: testEndpointId, mode: "test" }).execute();

    await createMigrator(db).migrateTo(BEFORE);
    const { rows } = await sql<{ id: string; deleted: boolean; is_active: boolean }>`
      select id, deleted_at is not null as deleted, is_active from webhook_endpoints where user_id = ${userId} order by deleted`.execute(db);
    expect(rows).toEqual([{ id: endpointId, deleted: false, is_active: true }, { id: testEndpointId, deleted: true, is_active: false }]);
    await migrateToLatest(db);
  });
});

describe("dropping the step type check (202611281000)", () => {
  const BEFORE = "202611271500_add-webhook-modes";

  it("leaves action types to the application: a step of a type added since is stored", async () => {
    const userId = await insertUser();
    const [workflowId, executionId] = [newId("wf"), newId("exec")];
    await sql`insert into workflows (id, user_id, name, status, trigger, hook_secret, mode) values (${workflowId}, ${userId}, 'w', 'active', '{"type":"manual"}', 's', 'test')`.execute(db);
    await sql`insert into executions (id, workflow_id, user_id, trigger_type, mode) values (${executionId}, ${workflowId}, ${userId}, 'manual', 'test')`.execute(db);
    const step = (index: number) => ({ id: newId("step"), execution_id: executionId, step_index: index, name: `fax_${index + 1}`, type: "fax" });

    await createMigrator(db).migrateTo(BEFORE);
    await expect(db.insertInto("execution_steps").values(step(0)).execute()).rejects.toMatchObject({ code: "23514" });
    await migrateToLatest(db);
    await db.insertInto("execution_steps").values(step(0)).execute();
    expect(await db.selectFrom("execution_steps").select("type").where("execution_id", "=", executionId).execute()).toEqual([{ type: "fax" }]);
    await db.deleteFrom("users").where("id", "=", userId).execute();
  });
});

describe("the timeline of paid periods (202611301000)", () => {
  const BEFORE = "202611291000_analysis-json-keeps-key-order";

  it("puts each live or scheduled subscription paid through an order on the timeline, and nothing else", async () => {
    await createMigrator(db).migrateTo(BEFORE);
    const userId = await insertUser();
    const plan = await insertPackage(`timeline_${randomSuffix()}`);
    const start = new Date("2026-11-01T00:00:00Z");
    const end = new Date("2026-12-01T00:00:00Z");
    const paid = async (subscriptionStatus: string, periodStart: Date, periodEnd: Date) => {
      const [billingId, orderId] = [newId("bill"), newId("ord")];
      // The two rows point at each other: one transaction (the constraint is deferred).
      await db.transaction().execute(async (trx) => {
        await sql`insert into billing_history (id, user_id, amount, status, invoice_number, billing_date, package_name, billing_period, payment_order_id)
          values (${billingId}, ${userId}, 2900, 'completed', ${`INV-2026-${randomSuffix()}`}, ${start}, ${plan}, 'monthly', ${orderId})`.execute(trx);
        await sql`insert into payment_orders (id, user_id, billing_history_id, package_name, billing_period, amount, merchant_reference, provider, status)
          values (${orderId}, ${userId}, ${billingId}, ${plan}, 'monthly', 2900, ${orderId}, 'sandbox', 'completed')`.execute(trx);
      });
      await sql`insert into subscriptions (id, user_id, status, plan_name, billing_period, amount, current_period_start, next_billing_date, payment_order_id)
        values (${newId("sub")}, ${userId}, ${subscriptionStatus}, ${plan}, 'monthly', 2900, ${periodStart}, ${periodEnd}, ${orderId})`.execute(db);
      return billingId;
    };
    const live = await paid("active", start, end);
    const scheduled = await paid("scheduled", end, new Date("2027-01-01T00:00:00Z"));
    await paid("expired", new Date("2026-10-01T00:00:00Z"), start);

    await migrateToLatest(db);
    const rows = await db.selectFrom("paid_periods").select(["billing_history_id", "plan_change", "months", "starts_at", "ends_at"]).where("user_id", "=", userId).orderBy("starts_at").execute();
    expect(rows).toEqual([
      { billing_history_id: live, plan_change: "new", months: 1, starts_at: start, ends_at: end },
      { billing_history_id: scheduled, plan_change: "downgrade", months: 1, starts_at: end, ends_at: new Date("2027-01-01T00:00:00Z") },
    ]);
    await db.deleteFrom("users").where("id", "=", userId).execute();
    await db.deleteFrom("package_definitions").where("package_name", "=", plan).execute();
  });
});

describe("migrating down", () => {
  it("undoes each migration exactly", async () => {
    await migrateAllDown(db);
    const migrations = await createMigrator(db).getMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    for (const migration of migrations) {
      const before = await schemaSnapshot(db);
      const up = await createMigrator(db).migrateUp();
      expect(up.error, migration.name).toBeUndefined();
      await migrateDown(db);
      expect(await schemaSnapshot(db), migration.name).toEqual(before);
      await createMigrator(db).migrateUp();
    }
  });

  it("leaves only Kysely's bookkeeping tables after undoing everything, and migrates up again", async () => {
    const down = await migrateAllDown(db);
    expect(down.applied.every((m) => m.direction === "Down")).toBe(true);
    expect(await publicTables(db)).toEqual(KYSELY_TABLES);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S'`.execute(db);
    expect(rows[0]?.n).toBe(0);

    const up = await migrateToLatest(db);
    expect(up.applied.length).toBe(down.applied.length);
    expect(await publicTables(db)).toEqual([...DATA_MODEL_TABLES, ...KYSELY_TABLES].sort());
  });
});

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { z } from "zod";
import { utcMonth } from "../../../core/metering/calendar.js";
import { meterKeys } from "../../../core/metering/redis-keys.js";
import { startTestAnalytics } from "../../../testing/duckdb.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import type { Auth } from "../../../testing/gateway.js";
import { DatasetListSchema, DatasetSchema } from "../../../core/contracts/datasets.js";

// An upload whose data stops for REQUEST_BODY_TIMEOUT_MS is refused (the whole upload may take far longer).
const { dataDir, testApp, testEngine } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "10000", REQUEST_BODY_TIMEOUT_MS: "1000" } });

const db = () => testApp.current.database.db;
const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

async function upload(auth: Auth, body: BodyInit, contentType: string, query = ""): Promise<Response> {
  const init: RequestInit & { duplex?: "half" } = { method: "POST", headers: { ...auth, "Content-Type": contentType }, body };
  if (body instanceof ReadableStream) init.duplex = "half";
  return testApp.current.app.request(`/v1/datasets${query}`, init);
}

const get = async (auth: Auth, path: string, method = "GET") => testApp.current.app.request(path, { method, headers: auth });

/** Every file under DATA_DIR (uploads and datasets), relative. */
function storedFiles(): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dataDir.length + 1))
    .filter((path) => !path.startsWith("tmp/"));
}

async function ready(response: Response) {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return DatasetSchema.parse(body);
}

describe("POST /v1/datasets", () => {
  it("ingests a CSV with its header, inferring column types and counting rows", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    const csv = "day,visits,revenue,channel,promo\n2024-01-01,10,12.5,web,true\n2024-01-02,12,13.25,\"email, weekly\",false\n2024-01-03,9,11,web,true\n";
    const dataset = await ready(await upload(authorization, csv, "text/csv", "?name=traffic"));
    expect(dataset).toMatchObject({ name: "traffic", format: "csv", status: "ready", mode: "live", row_count: 3, size_bytes: Buffer.byteLength(csv) });
    expect(dataset.schema).toEqual([
      { name: "day", type: "date" },
      { name: "visits", type: "integer" },
      { name: "revenue", type: "number" },
      { name: "channel", type: "string" },
      { name: "promo", type: "boolean" },
    ]);
    const row = await db().selectFrom("datasets").selectAll().where("id", "=", dataset.id).executeTakeFirstOrThrow();
    expect(row.storage_path).toBe(`datasets/${userId}/${dataset.id}.parquet`);
    // The stored Parquet file holds the rows, and the raw upload is gone.
    const duck = await startTestAnalytics();
    try {
      const rows = await duck.all("select channel, sum(visits) as visits from read_parquet($1) group by channel order by channel", [join(dataDir, row.storage_path)]);
      expect(rows).toEqual([
        { channel: "email, weekly", visits: 12 },
        { channel: "web", visits: 19 },
      ]);
    } finally {
      await duck.close();
    }
    expect(storedFiles()).not.toContain(`uploads/${dataset.id}.csv`);
  });

  it("ingests a JSON array, NDJSON and Parquet", async () => {
    const { authorization } = await createKeyedAccount(db());
    const json = JSON.stringify([
      { at: "2024-05-01T10:00:00Z", value: 1.5, ok: true },
      { at: "2024-05-02T10:00:00Z", value: 2, ok: false },
    ]);
    const fromJson = await ready(await upload(authorization, json, "application/json"));
    expect(fromJson).toMatchObject({ format: "json", row_count: 2 });
    expect(fromJson.schema).toEqual([
      { name: "at", type: "timestamp" },
      { name: "value", type: "number" },
      { name: "ok", type: "boolean" },
    ]);

    const ndjson = '{"id": 1, "tag": "a"}\n{"id": 2, "tag": "b"}\n{"id": 3, "tag": null}\n';
    const fromNdjson = await ready(await upload(authorization, ndjson, "application/x-ndjson"));
    expect(fromNdjson).toMatchObject({ format: "ndjson", row_count: 3, schema: [{ name: "id", type: "integer" }, { name: "tag", type: "string" }] });

    const fixture = mkdtempSync(join(tmpdir(), "sluice-parquet-"));
    const duck = await startTestAnalytics();
    try {
      const file = join(fixture, "f.parquet");
      await duck.run("copy (select range as n, range * 0.5 as half, 'row ' || range as label, date '2024-01-01' + range::integer as day from range(1000)) to $1 (format parquet)", [file]);
      const fromParquet = await ready(await upload(authorization, readFileSync(file), "application/octet-stream", "?format=parquet"));
      expect(fromParquet).toMatchObject({ format: "parquet", row_count: 1_000 });
      expect(fromParquet.schema).toEqual([
        { name: "n", type: "integer" },
        { name: "half", type: "number" },
        { name: "label", type: "string" },
        { name: "day", type: "date" },
      ]);
    } finally {
      await duck.close();
      rmSync(fixture, { recursive: true, force: true });
    }
  });

  it("infers a column of mixed numbers and words as string, not an error", async () => {
    const { authorization } = await createKeyedAccount(db());
    const dataset = await ready(await upload(authorization, "code,count\n1,4\nA7,5\n3,6\n", "text/csv"));
    expect(dataset.schema).toEqual([
      { name: "code", type: "string" },
      { name: "count", type: "integer" },
    ]);
  });

  it("refuses a CSV with an unterminated quote with 422, naming the problem, and keeps nothing", async () => {
    const { authorization } = await createKeyedAccount(db());
    const before = storedFiles();
    const response = await upload(authorization, 'a,b\n1,"never closed\n2,3\n', "text/csv");
    expect(response.status).toBe(422);
    const { error } = ErrorSchema.parse(await response.json());
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toMatch(/could not be read as CSV/);
    expect(error.message).toMatch(/unterminated quote/);
    expect(error.message).not.toContain(dataDir);
    expect(storedFiles()).toEqual(before);
    const list = DatasetListSchema.parse(await (await get(authorization, "/v1/datasets")).json());
    expect(list.total).toBe(0);
  });

  it("explains unreadable files in its own words: a ragged CSV names the line and field counts, no reader internals leak", async () => {
    const { authorization } = await createKeyedAccount(db());
    const ragged = await upload(authorization, "a,b,c\n1,2,3\n4,5\n6,7,8\n", "text/csv");
    expect(ragged.status).toBe(422);
    expect(ErrorSchema.parse(await ragged.json()).error.message).toBe(
      "The file could not be read as CSV: line 3 has 2 fields, the header has 3; every row needs the same number of fields.",
    );
    const mixed = await upload(authorization, '[{"a": 1}, 2, "x", {"a": 3}]', "application/json");
    expect(mixed.status).toBe(422);
    const { message } = ErrorSchema.parse(await mixed.json()).error;
    expect(message).toMatch(/could not be read as JSON/);
    for (const internal of ["Try setting", "DuckDB", "Binder Error", "read_json", "json_read", "records="]) expect(message).not.toContain(internal);
  });

  it("types JSON whole numbers as integer like CSV, and a column without values as empty", async () => {
    const { authorization } = await createKeyedAccount(db());
    const json = await ready(await upload(authorization, '[{"n": 1, "x": 1.5, "none": null}, {"n": 2, "x": 2, "none": null}]', "application/json"));
    expect(json.schema).toEqual([
      { name: "n", type: "integer" },
      { name: "x", type: "number" },
      { name: "none", type: "empty" },
    ]);
    const csv = await ready(await upload(authorization, "n,none\n1,\n2,\n", "text/csv"));
    expect(csv.schema).toEqual([
      { name: "n", type: "integer" },
      { name: "none", type: "empty" },
    ]);
  });

  it("refuses a truncated JSON array and an empty file with 422", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    const truncated = await upload(authorization, '[{"a": 1}, {"a": 2},', "application/json");
    expect(truncated.status).toBe(422);
    expect(ErrorSchema.parse(await truncated.json()).error.message).toMatch(/JSON/);
    const empty = await upload(authorization, "", "text/csv");
    expect(empty.status).toBe(422);
    expect(ErrorSchema.parse(await empty.json()).error.message).toMatch(/empty/);
    expect(await db().selectFrom("datasets").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("stops a 100 MB upload on the free plan at its 50 MB cap with 413 and leaves no file", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    const chunk = new Uint8Array(1_000_000).fill(0x61);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const response = await upload(authorization, body, "text/csv");
    expect(response.status).toBe(413);
    const { error } = ErrorSchema.parse(await response.json());
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toMatch(/Free plan's upload limit of 50MB \(/);
    expect(sent).toBeLessThan(100);
    expect(storedFiles().filter((path) => path.startsWith("uploads/"))).toEqual([]);
    expect(await db().selectFrom("datasets").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("refuses an upload whose data stops arriving with 408, closing the connection, and leaves no file", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    // A first chunk, then nothing: the client holds the connection open without sending.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("a,b\n1,2\n"));
      },
    });
    const started = Date.now();
    const response = await upload(authorization, body, "text/csv");
    expect(response.status).toBe(408);
    expect(response.headers.get("Connection")).toBe("close");
    expect(ErrorSchema.parse(await response.json()).error).toEqual({ code: "REQUEST_TIMEOUT", message: "The upload stalled: no data arrived for 1 seconds." });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(storedFiles().filter((path) => path.startsWith("uploads/"))).toEqual([]);
    expect(await db().selectFrom("datasets").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("answers 429 naming the data policy once the month's data allowance is used up", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    await testApp.current.redis.set(meterKeys.dataMonth(userId, "live", utcMonth(new Date())), 10_000_000_000);
    const response = await upload(authorization, "a\n1\n", "text/csv");
    expect(response.status).toBe(429);
    expect(response.headers.get("X-RateLimit-Resource")).toBe("data");
    const { error } = ErrorSchema.parse(await response.json());
    expect(error.code).toBe("QUOTA_EXCEEDED");
    expect(error.message).toContain("data-month");
  });

  it("caps an upload at the data allowance left this month", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    await testApp.current.redis.set(meterKeys.dataMonth(userId, "live", utcMonth(new Date())), 10_000_000_000 - 10);
    const response = await upload(authorization, "a,b\n1,2\n3,4\n5,6\n", "text/csv");
    expect(response.status).toBe(413);
    expect(ErrorSchema.parse(await response.json()).error.message).toMatch(/data-month: 10 bytes left/);
  });
});

describe("datasets API", () => {
  it("lists, gets and deletes a dataset, removing its file", async () => {
    const { authorization } = await createKeyedAccount(db());
    const dataset = await ready(await upload(authorization, "x\n1\n2\n", "text/csv"));
    const list = DatasetListSchema.parse(await (await get(authorization, "/v1/datasets?limit=5")).json());
    expect(list).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect(list.datasets.map((d) => d.id)).toEqual([dataset.id]);
    const fetched = DatasetSchema.parse(await (await get(authorization, `/v1/datasets/${dataset.id}`)).json());
    expect(fetched).toEqual(dataset);

    const row = await db().selectFrom("datasets").select("storage_path").where("id", "=", dataset.id).executeTakeFirstOrThrow();
    expect(existsSync(join(dataDir, row.storage_path))).toBe(true);
    const deleted = await get(authorization, `/v1/datasets/${dataset.id}`, "DELETE");
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ message: "Dataset deleted", deleted_at: expect.any(String) });
    expect(existsSync(join(dataDir, row.storage_path))).toBe(false);
    expect((await get(authorization, `/v1/datasets/${dataset.id}`)).status).toBe(404);
  });

  it("returns 404 for another account's dataset, and test keys see only test datasets", async () => {
    const owner = await createKeyedAccount(db());
    const dataset = await ready(await upload(owner.authorization, "x\n1\n", "text/csv"));
    const stranger = await createKeyedAccount(db());
    expect((await get(stranger.authorization, `/v1/datasets/${dataset.id}`)).status).toBe(404);
    expect((await get(stranger.authorization, `/v1/datasets/${dataset.id}`, "DELETE")).status).toBe(404);
    const ownTestKey = await createKeyedAccount(db(), { userId: owner.userId, mode: "test" });
    expect((await get(ownTestKey.authorization, `/v1/datasets/${dataset.id}`)).status).toBe(404);
    expect((await get(owner.authorization, `/v1/datasets/${dataset.id}`)).status).toBe(200);
  });

  it("shows the bytes uploaded in /v1/usage, before and after the usage flush", async () => {
    const { authorization, userId } = await createKeyedAccount(db());
    const csv = "x,y\n1,2\n3,4\n";
    await ready(await upload(authorization, csv, "text/csv"));
    const usage = async () => z.object({ data: z.object({ bytes_processed: z.number(), bytes_limit: z.number().nullable() }) }).parse(await (await get(authorization, "/v1/usage")).json());
    expect((await usage()).data).toEqual({ bytes_processed: csv.length, bytes_limit: 10_000_000_000 });
    await testEngine.current.runJob("maintenance", { task: "flush-usage" });
    const flushed = await db().selectFrom("api_usage").select(["endpoint", "bytes_processed"]).where("user_id", "=", userId).where("bytes_processed", ">", 0).execute();
    expect(flushed).toEqual([{ endpoint: "/api/data-processing", bytes_processed: csv.length }]);
    expect((await usage()).data.bytes_processed).toBe(csv.length);
  });
});

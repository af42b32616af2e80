import { describe, expect, it } from "vitest";
import { ANALYSIS_LIMITS, AnalysisSchema, type Analysis } from "../../../core/contracts/analytics.js";
import { ErrorBodySchema } from "../../../core/errors.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { createApiCaller, type Auth } from "../../../testing/gateway.js";
import { waitFor } from "../../../testing/wait-for.js";

const { testApp } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "100" } });
const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

/** Readings of a few sensors: a row of a few numbers, the size the byte limit is made for. */
function sensorRows(count: number) {
  return Array.from({ length: count }, (_, i) => ({ sensor: i % 7, reading: Math.round(1_000 * (20 + Math.sin(i / 90))) / 1_000, humidity: 40 + (i % 30) }));
}

/** The analysis an answer of /v1/data/analyze started, once it has ended. */
async function finished(authorization: Auth, response: Response): Promise<Analysis> {
  const { analysis_id: id } = AnalysisSchema.parse(await response.json());
  return waitFor(async () => {
    const analysis = AnalysisSchema.parse(await (await call(authorization, "GET", `/v1/analyses/${id}`)).json());
    return analysis.status === "completed" || analysis.status === "failed" ? analysis : undefined;
  }, 90_000);
}

describe("the inline data limits of /v1/data/analyze and /v1/data/clean", () => {
  it("accepts the documented row limit of a typical series within the byte limit, and analyses it", async () => {
    const { authorization } = await createKeyedAccount(db());
    const body = JSON.stringify({ dataset: sensorRows(ANALYSIS_LIMITS.maxInlineRows), analysis: "summary" });
    expect(Buffer.byteLength(body)).toBeLessThan(ANALYSIS_LIMITS.maxInlineBytes);
    const response = await call(authorization, "POST", "/v1/data/analyze", body);
    expect([200, 202]).toContain(response.status);
    const done = await finished(authorization, response);
    expect(done.error?.message ?? null).toBeNull();
    expect(done.status).toBe("completed");
    expect(done.row_count).toBe(ANALYSIS_LIMITS.maxInlineRows);
  }, 120_000);

  it("analyses the documented row limit of per-minute readings (about 69 days) by hour", async () => {
    const { authorization } = await createKeyedAccount(db());
    const start = Date.UTC(2024, 0, 1);
    const dataset = Array.from({ length: ANALYSIS_LIMITS.maxInlineRows }, (_, i) => ({ ts: new Date(start + i * 60_000).toISOString(), value: i % 97 }));
    const response = await call(authorization, "POST", "/v1/data/analyze", JSON.stringify({ dataset, analysis: "trend" }));
    expect([200, 202]).toContain(response.status);
    const done = await finished(authorization, response);
    expect(done.error).toBeNull();
    expect(done.series).toMatchObject({ grain: "hour", points: 1_667, time_column: "ts", value_column: "value" });
    expect(done.row_count).toBe(ANALYSIS_LIMITS.maxInlineRows);
  }, 120_000);

  it("refuses one row past the limit with 422 pointing to dataset uploads", async () => {
    const { authorization } = await createKeyedAccount(db());
    for (const path of ["/v1/data/analyze", "/v1/data/clean"]) {
      const response = await call(authorization, "POST", path, { dataset: Array.from({ length: ANALYSIS_LIMITS.maxInlineRows + 1 }, () => ({ n: 1 })), analysis: "summary" });
      expect(response.status, path).toBe(422);
      const { error } = ErrorBodySchema.parse(await response.json());
      expect(JSON.stringify(error.details), path).toContain("at most 100,000 rows inline; upload larger data with POST /v1/datasets");
    }
  });

  it("refuses a body past the byte limit with 413 naming the limit and pointing to dataset uploads", async () => {
    const { authorization } = await createKeyedAccount(db());
    const wide = JSON.stringify({ dataset: [{ text: "x".repeat(ANALYSIS_LIMITS.maxInlineBytes) }], analysis: "summary" });
    for (const path of ["/v1/data/analyze", "/v1/data/clean"]) {
      const response = await call(authorization, "POST", path, wide);
      expect(response.status, path).toBe(413);
      const { error } = ErrorBodySchema.parse(await response.json());
      expect(error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(error.message).toBe(
        "The request body is larger than 8 MiB, the limit for inline data (at most 100,000 rows); upload larger data with POST /v1/datasets and analyse it by dataset_id.",
      );
    }
  });

  it("keeps the general body limit, named in its 413, on every other route", async () => {
    const { authorization } = await createKeyedAccount(db());
    const response = await call(authorization, "POST", "/v1/workflows", { name: "x".repeat(testApp.current.config.MAX_JSON_BODY_BYTES) });
    expect(response.status).toBe(413);
    expect(ErrorBodySchema.parse(await response.json()).error.message).toBe("The request body is larger than 1 MiB.");
  });
});

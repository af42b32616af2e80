import { describe, expect, it } from "vitest";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { AnalysisSchema } from "../../../core/contracts/analytics.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { waitFor } from "../../../testing/wait-for.js";
import { createApiCaller } from "../../../testing/gateway.js";

const { testApp } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "0" } });

const db = () => testApp.current.database.db;
const call = createApiCaller(testApp);

describe("analyses beyond the wait budget", () => {
  it("answers 202 with the analysis id, then GET shows it completed with its result", async () => {
    const { authorization } = await createKeyedAccount(db());
    const dataset = Array.from({ length: 24 }, (_, i) => ({ at: `2026-03-01T${String(i).padStart(2, "0")}:00:00Z`, load: 10 + i }));
    const response = await call(authorization, "POST", "/v1/data/analyze", { dataset, analysis: "trend" });
    expect(response.status).toBe(202);
    const accepted = AnalysisSchema.parse(await response.json());
    expect(accepted.status).toBe("queued");
    expect(accepted.insights).toBeUndefined();

    const done = await waitFor(async () => {
      const polled = AnalysisSchema.parse(await (await call(authorization, "GET", `/v1/analyses/${accepted.analysis_id}`)).json());
      return polled.status === "completed" ? polled : undefined;
    });
    expect(done.series).toMatchObject({ grain: "hour", points: 24, seasonality: 24 });
    expect(done.insights?.trend?.slope).toBeCloseTo(1);
    expect(done.completed_at).not.toBeNull();
  });

  it("answers 202 for a cleaning too, and GET returns the cleaned rows", async () => {
    const { authorization } = await createKeyedAccount(db());
    const response = await call(authorization, "POST", "/v1/data/clean", { dataset: [{ n: "1,000" }, { n: "NA" }, { n: "1,000" }] });
    expect(response.status).toBe(202);
    const { analysis_id } = AnalysisSchema.parse(await response.json());
    const done = await waitFor(async () => {
      const polled = AnalysisSchema.parse(await (await call(authorization, "GET", `/v1/analyses/${analysis_id}`)).json());
      return polled.status === "completed" ? polled : undefined;
    });
    expect(done.rows).toEqual([{ n: 1000 }, { n: null }]);
    expect(done.summary?.changes).toEqual({ convert_type: 2, standardise_null: 1, flag_ambiguous_number: 1, remove_duplicate: 1 });
  });

  it("answers 404 for an analysis id that does not exist", async () => {
    const { authorization } = await createKeyedAccount(db());
    expect((await call(authorization, "GET", "/v1/analyses/an_unknown")).status).toBe(404);
  });
});

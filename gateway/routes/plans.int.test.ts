import { describe, expect, it } from "vitest";
import { PlanListSchema } from "../../core/contracts/plans.js";
import { ErrorBodySchema } from "../../core/errors.js";
import { PLAN_CATALOGUE } from "../../core/plans.js";
import { useTestApp } from "../../testing/gateway.js";

const testApp = useTestApp();
const db = () => testApp.current.database.db;
const listPlans = async () => {
  const response = await testApp.current.app.request("/api/plans");
  expect(response.status).toBe(200);
  return PlanListSchema.parse(await response.json()).plans;
};

describe("GET /api/plans", () => {
  it("serves the catalogue without a session, in catalogue order, priced for every period in cents", async () => {
    const plans = await listPlans();
    expect(plans.map((p) => p.package_name)).toEqual(PLAN_CATALOGUE.map((p) => p.package_name));
    const starter = plans.find((p) => p.package_name === "starter");
    expect(starter).toMatchObject({ display_name: "Starter", request_limit: 5_000, currency: "USD", monthly_price_cents: 2_900, contact_sales: false });
    expect(starter?.prices).toEqual({
      monthly: { months: 1, discount_percent: 0, list_cents: 2_900, total_cents: 2_900, per_month_cents: 2_900 },
      yearly: { months: 12, discount_percent: 20, list_cents: 34_800, total_cents: 27_840, per_month_cents: 2_320 },
      threeYears: { months: 36, discount_percent: 40, list_cents: 104_400, total_cents: 62_640, per_month_cents: 1_740 },
    });
    expect(plans.find((p) => p.package_name === "enterprise")).toMatchObject({ request_limit: -1, data_limit_bytes: -1, contact_sales: true });
    expect(plans.find((p) => p.package_name === "free")?.prices.yearly.total_cents).toBe(0);
  });

  it("is revalidated on every read, so a browser never shows a price an administrator has changed", async () => {
    const response = await testApp.current.app.request("/api/plans");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("follows admin edits of package_definitions: new prices, inactive plans left out", async () => {
    await db().updateTable("package_definitions").set({ monthly_price_cents: 3_333 }).where("package_name", "=", "starter").execute();
    await db().updateTable("package_definitions").set({ is_active: false }).where("package_name", "=", "professional_2500000").execute();
    try {
      const plans = await listPlans();
      expect(plans.map((p) => p.package_name)).not.toContain("professional_2500000");
      // 3,333 x 12 x 0.8 = 31,996.8 -> 31,997: the rounding of quotePrice, the one pricing function.
      expect(plans.find((p) => p.package_name === "starter")?.prices.yearly).toMatchObject({ list_cents: 39_996, total_cents: 31_997 });
    } finally {
      await db().updateTable("package_definitions").set({ monthly_price_cents: 2_900 }).where("package_name", "=", "starter").execute();
      await db().updateTable("package_definitions").set({ is_active: true }).where("package_name", "=", "professional_2500000").execute();
    }
  });

  it("exempts only GET /api/plans from the session: other /api paths and methods still need one", async () => {
    for (const [path, method] of [["/api/keys", "GET"], ["/api/plans/extra", "GET"], ["/api/plansx", "GET"]] as const) {
      const response = await testApp.current.app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(ErrorBodySchema.parse(await response.json()).error.code).toBe("SESSION_MISSING");
    }
  });
});

import { describe, expect, it } from "vitest";
import type { PackageDefinition } from "../../../../../core/contracts/admin";
import { packageFormValues, parsePackageForm } from "./package-form";

const STARTER: PackageDefinition = {
  package_name: "starter",
  display_name: "Starter",
  request_limit: 5_000,
  rate_limit_per_minute: 60,
  data_limit_bytes: 1_000_000_000,
  monthly_price_cents: 2_900,
  contact_sales: false,
  is_active: true,
  sort_order: 1,
};

describe("the package edit form", () => {
  it("sends only the changed fields, in bytes and cents", () => {
    const values = { ...packageFormValues(STARTER), request_limit: "6000", data_limit_mb: "2000", monthly_price: "31.50" };
    expect(parsePackageForm(values, STARTER)).toEqual({ ok: true, data: { request_limit: 6_000, data_limit_bytes: 2_000_000_000, monthly_price_cents: 3_150 } });
  });

  it("keeps -1 as unlimited", () => {
    expect(parsePackageForm({ ...packageFormValues(STARTER), request_limit: "-1", data_limit_mb: "-1" }, STARTER)).toEqual({
      ok: true,
      data: { request_limit: -1, data_limit_bytes: -1 },
    });
  });

  it("refuses an unchanged form and a rate limit below 1", () => {
    expect(parsePackageForm(packageFormValues(STARTER), STARTER)).toEqual({ ok: false, errors: { display_name: ["Change at least one field"] } });
    expect(parsePackageForm({ ...packageFormValues(STARTER), rate_limit_per_minute: "0" }, STARTER)).toEqual({
      ok: false,
      errors: { rate_limit_per_minute: ["Rate limit must be at least 1 per minute"] },
    });
  });
});

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BILLING_PERIODS, PLAN_CATALOGUE, quotePrice } from "./plans.js";

/**
 * Prices live in one place: the catalogue (core/plans.ts, which seeds package_definitions, and
 * the frozen migrations that created it). Every screen reads them from `GET /api/plans` and the
 * admin's amount table from package_definitions, so an administrator's price change reaches
 * them all. This scan fails when one of the catalogue's prices is written anywhere else in
 * shipped code or the user documentation.
 */

const SCANNED = ["core", "gateway", "engine", "portal/src", "portal/index.html", "sdks", "docs", "README.md"];
const ALLOWED = [/^core\/plans\.ts$/, /^migrations\//, /\.test\.tsx?$/, /^portal\/e2e\//];

const dollarGroups = new Intl.NumberFormat("en-US", { useGrouping: true });

/** Every monthly price of the catalogue, and what each period costs, in whole dollars. */
function catalogueDollars(): number[] {
  const cents = PLAN_CATALOGUE.filter((plan) => plan.monthly_price_cents > 0).flatMap((plan) =>
    BILLING_PERIODS.flatMap((period) => {
      const quote = quotePrice(plan.monthly_price_cents, period);
      return [quote.subtotalCents, quote.perMonthCents];
    }),
  );
  return [...new Set(cents.filter((value) => value % 100 === 0).map((value) => value / 100))];
}

/**
 * How a price is written by hand: cents as `1_200_00` or `1200_00`, dollars as `$1,200`,
 * `$1200` or `$1,200.00`, and a checkout link's `amount=1200`.
 */
function pricePattern(dollars: readonly number[]): RegExp {
  const forms = dollars.flatMap((value) => {
    const grouped = dollarGroups.format(value);
    return [
      `\\b${grouped.replaceAll(",", "_")}_00\\b`,
      `\\b${value}_00\\b`,
      `\\$${grouped.replaceAll(",", ",?")}(?:\\.00)?(?![\\d,])`,
      `\\bamount=${value}(?!\\d)`,
    ];
  });
  return new RegExp(forms.join("|"), "g");
}

function scannedFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...SCANNED], { encoding: "utf8" });
  return listed
    .split("\n")
    .filter((path) => /\.(ts|tsx|md|html|yaml|json)$/.test(path))
    .filter((path) => !ALLOWED.some((pattern) => pattern.test(path)));
}

describe("one source for every price", () => {
  const pattern = pricePattern(catalogueDollars());

  it("recognises a price written by hand in each of its forms", () => {
    const samples = ["{ minimumCents: 190_00 }", "{ minimumCents: 1_200_00 }", "Professional costs $1,200 a month", "only $29.00", "/checkout?plan=starter&tier=5000&period=monthly&amount=29", "$1,824 billed yearly"];
    for (const sample of samples) expect(sample.match(pattern), sample).not.toBeNull();
    for (const sample of ["timeout: 120_000", "limit: 2_500_000", "$290", "amount=2900", "2900 ms"]) expect(sample.match(pattern), sample).toBeNull();
  });

  it("finds no catalogue price outside the catalogue", () => {
    const files = scannedFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .flatMap((line, index) => (line.match(pattern) ?? []).map((match) => `${path}:${index + 1}: ${match}`)),
    );
    expect(found).toEqual([]);
  });
});

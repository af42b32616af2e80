import { beforeAll, describe, expect, it } from "vitest";
import { numbers, rDataFrame, rTimeSeries, runR, type RVectors } from "../../../testing/r-reference.js";
import { correlationMatrix } from "./correlation.js";
import { describe as describeValues } from "./summary.js";
import { mannKendall, ols, theilSen } from "./trend.js";

/**
 * The statistics kernels against R, on R's own data sets, with R run at test time
 * (testing/r-reference.ts): descriptive statistics, OLS, Theil–Sen, Mann–Kendall and
 * correlation matrices agree within 1e-6 (relative, or absolute near 0).
 */
const TOLERANCE = 1e-6;

function expectClose(actual: number | null | undefined, expected: number | null | undefined, what: string): void {
  if (actual === null || actual === undefined || expected === null || expected === undefined) throw new Error(`${what}: ${String(actual)} against R's ${String(expected)}`);
  const error = Math.abs(actual - expected) / Math.max(1, Math.abs(expected));
  expect(error, `${what}: ${actual} against R's ${expected}`).toBeLessThanOrEqual(TOLERANCE);
}

const TIME_SERIES = ["AirPassengers", "nottem", "co2"] as const;
const FRAMES = ["mtcars", "iris", "airquality", "anscombe"] as const;

/** Every reference in one R run (starting R costs more than all the statistics together). */
let reference: RVectors;
beforeAll(async () => {
  reference = await runR(`
    for (name in c(${FRAMES.map((name) => `"${name}"`).join(", ")})) {
      d <- get(name); d <- d[sapply(d, is.numeric)]
      for (column in names(d)) {
        x <- d[[column]][!is.na(d[[column]])]
        emit(paste(name, column, "describe"), c(length(x), mean(x), sd(x), quantile(x, c(0, 0.25, 0.5, 0.75, 1), type = 7)))
      }
      for (method in c("pearson", "spearman")) { m <- cor(d, method = method); for (column in colnames(m)) emit(paste(name, method, column), m[, column]) }
    }
    for (name in c(${TIME_SERIES.map((name) => `"${name}"`).join(", ")})) {
      y <- as.numeric(get(name)); t <- seq_along(y)
      s <- summary(lm(y ~ t)); emit(paste(name, "ols"), c(coef(s)[2, 1], coef(s)[1, 1], s$r.squared, coef(s)[2, 2]))
      pairs <- combn(length(y), 2); slopes <- (y[pairs[2, ]] - y[pairs[1, ]]) / (t[pairs[2, ]] - t[pairs[1, ]])
      b <- median(slopes); emit(paste(name, "theil-sen"), c(b, median(y - b * t)))
      test <- suppressWarnings(cor.test(t, y, method = "kendall", exact = FALSE, continuity = TRUE))
      emit(paste(name, "kendall"), c(test$estimate, test$statistic, test$p.value))
    }`);
}, 120_000);

/** Numeric columns of R's data frames without their NAs (each column on its own). */
async function columnsOf(name: string): Promise<Record<string, number[]>> {
  const frame = await rDataFrame(name);
  return Object.fromEntries(Object.entries(frame).map(([column, values]) => [column, values.filter((value): value is number => value !== null)]));
}

describe("descriptive statistics against R", () => {
  it.each(FRAMES)("match mean, sd and type-7 quartiles of every numeric column of %s", async (name) => {
    const columns = await columnsOf(name);
    for (const [column, values] of Object.entries(columns)) {
      const [count, mean, sd, min, p25, median, p75, max] = numbers(reference, `${name} ${column} describe`);
      const ours = describeValues(values);
      expect(ours.count, `${name}.${column} count`).toBe(count);
      expectClose(ours.mean, mean, `${name}.${column} mean`);
      expectClose(ours.std, sd, `${name}.${column} sd`);
      expectClose(ours.min, min, `${name}.${column} min`);
      expectClose(ours.p25, p25, `${name}.${column} p25`);
      expectClose(ours.median, median, `${name}.${column} median`);
      expectClose(ours.p75, p75, `${name}.${column} p75`);
      expectClose(ours.max, max, `${name}.${column} max`);
    }
  });
});

describe("trend statistics against R", () => {
  it.each(TIME_SERIES)("OLS on %s matches lm(): slope, intercept, R² and the slope's standard error", async (name) => {
    const { values } = await rTimeSeries(name);
    const t = values.map((_, i) => i + 1);
    const [slope, intercept, r2, slopeStdError] = numbers(reference, `${name} ols`);
    const fit = ols(t, values);
    expectClose(fit.slope, slope, "slope");
    expectClose(fit.intercept, intercept, "intercept");
    expectClose(fit.r2, r2, "R²");
    expectClose(fit.slopeStdError, slopeStdError, "slope standard error");
  });

  it.each(TIME_SERIES)("Theil–Sen on %s is R's median of pairwise slopes", async (name) => {
    const { values } = await rTimeSeries(name);
    const t = values.map((_, i) => i + 1);
    const [slope, intercept] = numbers(reference, `${name} theil-sen`);
    const fit = theilSen(t, values);
    expectClose(fit.slope, slope, "slope");
    expectClose(fit.intercept, intercept, "intercept");
  });

  it.each(TIME_SERIES)("Mann–Kendall on %s matches cor.test(method = 'kendall'): tau, z and p", async (name) => {
    const { values } = await rTimeSeries(name);
    const [tau, z, pValue] = numbers(reference, `${name} kendall`);
    const result = mannKendall(values);
    expectClose(result.tau, tau, "tau");
    expectClose(result.z, z, "z");
    expectClose(result.pValue, pValue, "p-value");
  });
});

describe("correlation matrices against R", () => {
  it.each([
    ["mtcars", "pearson"],
    ["mtcars", "spearman"],
    ["iris", "pearson"],
    ["iris", "spearman"],
    ["anscombe", "pearson"],
    ["anscombe", "spearman"],
  ] as const)("%s, %s: every pair matches cor()", async (name, method) => {
    const columns = await columnsOf(name);
    const matrix = correlationMatrix(columns, method);
    const names = Object.keys(columns);
    for (const a of names) {
      const row = numbers(reference, `${name} ${method} ${a}`);
      names.forEach((b, j) => expectClose(matrix[a]?.[b], row[j], `${name} ${method} ${a}~${b}`));
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatBundleReport, measureLandingBundle } from "./check-bundle-size.js";

describe("measureLandingBundle", () => {
  let dist: string;

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), "sluice-bundle-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(
      join(dist, "index.html"),
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor.js"><link rel="stylesheet" href="/assets/index.css">',
    );
    writeFileSync(join(dist, "assets/index.js"), 'import{a as b}from"./vendor.js";import"./shared.js";const p=()=>import("./pricing.js");');
    writeFileSync(join(dist, "assets/vendor.js"), "export const a=1;".repeat(50));
    writeFileSync(join(dist, "assets/shared.js"), 'import{a}from"./vendor.js";export const s=a;');
    writeFileSync(join(dist, "assets/pricing.js"), "x".repeat(10_000));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("counts the entry, its preloads and static imports once each, not lazily imported chunks", () => {
    const report = measureLandingBundle(dist);
    expect(report.chunks.map((chunk) => chunk.file).sort()).toEqual(["/assets/index.js", "/assets/shared.js", "/assets/vendor.js"]);
    expect(report.totalGzipBytes).toBe(report.chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0));
    expect(report.chunks.every((chunk) => chunk.gzipBytes > 0 && chunk.gzipBytes < chunk.bytes + 30)).toBe(true);
    expect(report.withinLimit).toBe(true);
  });

  it("fails a bundle above the limit and says so", () => {
    const report = measureLandingBundle(dist, 50);
    expect(report.withinLimit).toBe(false);
    expect(formatBundleReport(report, 50)).toContain("OVER the 0.05 kB limit");
  });
});

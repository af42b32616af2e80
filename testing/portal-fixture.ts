import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** The name of the fixture's one fingerprinted asset, under /assets/. */
export const FIXTURE_ASSET = "app-abc123.js";

/**
 * A stand-in for the built portal (index.html and one asset), so tests of the gateway's routes do
 * not depend on whether `npm run build:portal` has run: a clean clone has no portal/dist.
 * Returns the directory to pass as PORTAL_DIST_DIR; removed after the file's tests.
 */
export function createPortalFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), "sluice-portal-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Sluice portal</title><div id=root></div>");
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", FIXTURE_ASSET), "console.log('portal');".repeat(200));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

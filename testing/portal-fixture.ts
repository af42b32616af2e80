import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { REFERENCE_BUNDLE_FILE } from "../core/server-paths.js";

/** The name of the fixture's one fingerprinted asset, under /assets/. */
export const FIXTURE_ASSET = "app-abc123.js";

/** The fixture's copy of the API reference's bundle (the real one is Scalar's, copied by the portal build). */
export const FIXTURE_REFERENCE_BUNDLE = "console.log('api reference');";

/**
 * A stand-in for the built portal (index.html, one asset and the API reference's bundle), so tests of the gateway's routes do
 * not depend on whether `npm run build` has run: a clean clone has no portal/dist.
 * Returns the directory to pass as PORTAL_DIST_DIR; removed after the file's tests.
 */
export function createPortalFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), "sluice-portal-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Sluice portal</title><div id=root></div>");
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", FIXTURE_ASSET), "console.log('portal');".repeat(200));
  mkdirSync(join(dir, "reference"));
  writeFileSync(join(dir, REFERENCE_BUNDLE_FILE), FIXTURE_REFERENCE_BUNDLE);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

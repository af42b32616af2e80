import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { useTestEngine } from "./engine.js";
import { useTestApp } from "./gateway.js";

/**
 * A gateway and an engine sharing one test database, one Redis namespace (so the gateway's jobs
 * reach this engine) and a temporary DATA_DIR removed after the file: what the dataset and
 * analysis tests run against.
 */
export function useAnalyticsStack(settings: { gateway?: Record<string, string>; engine?: Record<string, string> } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "sluice-data-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const testApp = useTestApp({ DATA_DIR: dataDir, ...settings.gateway });
  const testEngine = useTestEngine(
    {
      get current() {
        return testApp.current.database;
      },
    },
    () => ({
      QUEUE_PREFIX: testApp.current.config.QUEUE_PREFIX,
      REDIS_KEY_PREFIX: testApp.current.config.REDIS_KEY_PREFIX,
      DATA_DIR: dataDir,
      ...settings.engine,
    }),
  );
  return { dataDir, testApp, testEngine };
}

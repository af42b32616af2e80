import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderCommittedOpenApi } from "../scripts/generate-openapi.js";
import { assignOperationIds, OPERATION_IDS } from "./openapi-operation-ids.js";

describe("openapi.yaml", () => {
  it("matches the document generated from the route definitions (run `npm run openapi` after changing routes)", async () => {
    const committed = readFileSync(new URL("../openapi.yaml", import.meta.url), "utf8");
    expect(committed).toBe(await renderCommittedOpenApi());
  });

  it("passes Redocly's recommended lint (redocly.yaml) with no error or warning", () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    const lint = spawnSync(process.execPath, ["node_modules/@redocly/cli/bin/cli.js", "lint", "openapi.yaml", "--format=json"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const report = RedoclyReportSchema.parse(JSON.parse(lint.stdout));
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 30_000);
});

const RedoclyReportSchema = z.object({
  totals: z.object({ errors: z.number(), warnings: z.number(), ignored: z.number() }),
  problems: z.array(z.object({ ruleId: z.string(), message: z.string() })),
});

describe("operation ids", () => {
  it("are set on every operation and unique", () => {
    const paths = { "/v1/whoami": { get: {}, parameters: [] } };
    assignOperationIds(paths);
    expect(paths["/v1/whoami"].get).toEqual({ operationId: "whoami" });
    expect(new Set(Object.values(OPERATION_IDS)).size).toBe(Object.keys(OPERATION_IDS).length);
  });

  it("refuse an operation without one, so a new route cannot ship unnamed", () => {
    expect(() => assignOperationIds({ "/v1/new-thing": { post: {} } })).toThrow("POST /v1/new-thing has no operationId");
  });
});

import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("core/db/types.ts", () => {
  it("matches the types generated from the migrations (run `npm run db:types` after changing the schema)", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx/esm", "scripts/generate-db-types.ts", "--verify"], {
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  }, 130_000);
});

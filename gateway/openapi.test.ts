import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderCommittedOpenApi } from "../scripts/generate-openapi.js";

describe("openapi.yaml", () => {
  it("matches the document generated from the route definitions (run `npm run openapi` after changing routes)", async () => {
    const committed = readFileSync(new URL("../openapi.yaml", import.meta.url), "utf8");
    expect(committed).toBe(await renderCommittedOpenApi());
  });
});

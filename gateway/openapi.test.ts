import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderCommittedOpenApi } from "../scripts/generate-openapi.js";
import { assignOperationIds, OPERATION_IDS } from "./openapi-operation-ids.js";

describe("openapi.yaml", () => {
  it("matches the document generated from the route definitions (run `npm run openapi` after changing routes)", async () => {
    const committed = readFileSync(new URL("../openapi.yaml", import.meta.url), "utf8");
    expect(committed).toBe(await renderCommittedOpenApi());
  });
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

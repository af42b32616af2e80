import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSdkFiles, renderTypescriptDist, sdkOperations, snakeCase } from "./generate-sdks.js";

describe("the SDKs' generated files", () => {
  it("match openapi.yaml (run `npm run sdks` after changing the API)", async () => {
    for (const [path, content] of Object.entries(await renderSdkFiles())) {
      expect(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"), path).toBe(content);
    }
  });

  it("ship the TypeScript SDK compiled: dist/ is what its sources compile to", () => {
    const dist = renderTypescriptDist();
    expect(Object.keys(dist)).toContain("sdks/typescript/dist/index.js");
    for (const [path, content] of Object.entries(dist)) expect(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"), path).toBe(content);
  }, 60_000);

  it("read each operation's parameters, body kind and live view from the document", () => {
    const yaml = `
paths:
  /v1/things/{id}/parts/{part_id}:
    post:
      operationId: addPart
      parameters: [{ name: id, in: path }, { name: part_id, in: path }, { name: dry, in: query }]
      requestBody: { content: { application/json: {} } }
      responses: { "201": { description: ok } }
  /v1/things/{id}/run:
    post:
      operationId: run
      requestBody: { required: false, content: { application/json: { schema: { type: object, properties: { data: { type: object } } } } } }
      responses: { "202": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Run" } } } } }
  /v1/uploads:
    post:
      operationId: upload
      requestBody: { required: true, content: { text/csv: {}, application/json: {} } }
      responses: { "202": { description: ok } }
  /v1/feed:
    get:
      operationId: follow
      responses: { "200": { description: ok, content: { text/event-stream: {} } } }
  /healthz:
    get: { operationId: health, responses: { "200": { description: ok } } }
`;
    expect(sdkOperations(yaml)).toEqual([
      { id: "addPart", method: "POST", path: "/v1/things/{id}/parts/{part_id}", summary: "", pathParams: ["id", "part_id"], queryParams: ["dry"], hasQuery: true, body: "json", bodyOptional: true, events: false },
      {
        id: "run",
        method: "POST",
        path: "/v1/things/{id}/run",
        summary: "",
        pathParams: ["id"],
        queryParams: [],
        hasQuery: false,
        body: "json",
        bodyOptional: true,
        events: false,
        bodySchema: { type: "object", properties: { data: { type: "object" } } },
        answerSchema: { $ref: "#/components/schemas/Run" },
      },
      { id: "upload", method: "POST", path: "/v1/uploads", summary: "", pathParams: [], queryParams: [], hasQuery: false, body: "raw", bodyOptional: false, events: false },
      { id: "follow", method: "GET", path: "/v1/feed", summary: "", pathParams: [], queryParams: [], hasQuery: false, body: "none", bodyOptional: false, events: true },
    ]);
    expect(snakeCase("replayWebhookDelivery")).toBe("replay_webhook_delivery");
  });
});

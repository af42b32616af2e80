import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSdkFiles, sdkOperations, snakeCase } from "./generate-sdks.js";

describe("the SDKs' generated files", () => {
  it("match openapi.yaml (run `npm run sdks` after changing the API)", async () => {
    for (const [path, content] of Object.entries(await renderSdkFiles())) {
      expect(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"), path).toBe(content);
    }
  });

  it("read each operation's parameters, body kind and live view from the document", () => {
    const yaml = `
paths:
  /v1/things/{id}/parts/{part_id}:
    post:
      operationId: addPart
      parameters: [{ name: id, in: path }, { name: part_id, in: path }, { name: dry, in: query }]
      requestBody: { content: { application/json: {} } }
      responses: { "201": { description: ok } }
  /v1/uploads:
    post:
      operationId: upload
      requestBody: { content: { text/csv: {}, application/json: {} } }
      responses: { "202": { description: ok } }
  /v1/feed:
    get:
      operationId: follow
      responses: { "200": { description: ok, content: { text/event-stream: {} } } }
  /healthz:
    get: { operationId: health, responses: { "200": { description: ok } } }
`;
    expect(sdkOperations(yaml)).toEqual([
      { id: "addPart", method: "POST", path: "/v1/things/{id}/parts/{part_id}", summary: "", pathParams: ["id", "part_id"], hasQuery: true, body: "json", events: false },
      { id: "upload", method: "POST", path: "/v1/uploads", summary: "", pathParams: [], hasQuery: false, body: "raw", events: false },
      { id: "follow", method: "GET", path: "/v1/feed", summary: "", pathParams: [], hasQuery: false, body: "none", events: true },
    ]);
    expect(snakeCase("replayWebhookDelivery")).toBe("replay_webhook_delivery");
  });
});

import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AnalyzeRequestSchema, CleanRequestSchema } from "../core/contracts/analytics.js";
import { CreateWorkflowRequestSchema } from "../core/contracts/workflows.js";
import { HTTP_METHODS, OPENAPI_FILE, POSTMAN_SCHEMA_URL, postmanCollectionFromOpenApi, renderPostmanCollection } from "./generate-postman.js";

/** The parts of the Postman Collection v2.1 format the generator emits, checked field by field. */
const VariableSchema = z.strictObject({
  key: z.string().min(1),
  value: z.string(),
  type: z.literal("string").optional(),
  description: z.string().optional(),
  disabled: z.boolean().optional(),
});
const RequestItemSchema = z.strictObject({
  name: z.string().min(1),
  request: z.strictObject({
    method: z.enum(["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]),
    description: z.string().optional(),
    header: z.array(VariableSchema),
    url: z.strictObject({
      raw: z.string().startsWith("{{baseUrl}}/"),
      host: z.tuple([z.literal("{{baseUrl}}")]),
      path: z.array(z.string().min(1)),
      query: z.array(VariableSchema).optional(),
      variable: z.array(VariableSchema).optional(),
    }),
    auth: z.strictObject({ type: z.literal("noauth") }).optional(),
    body: z
      .discriminatedUnion("mode", [
        z.strictObject({ mode: z.literal("raw"), raw: z.string(), options: z.strictObject({ raw: z.strictObject({ language: z.literal("json") }) }) }),
        z.strictObject({ mode: z.literal("file"), file: z.strictObject({ src: z.string() }) }),
      ])
      .optional(),
  }),
  response: z.array(z.unknown()).length(0),
});
const CollectionSchema = z.strictObject({
  info: z.strictObject({ name: z.string().min(1), description: z.string().optional(), version: z.string(), schema: z.literal(POSTMAN_SCHEMA_URL) }),
  auth: z.strictObject({
    type: z.literal("bearer"),
    bearer: z.tuple([z.strictObject({ key: z.literal("token"), value: z.literal("{{apiKey}}"), type: z.literal("string") })]),
  }),
  variable: z.array(VariableSchema),
  item: z.array(z.strictObject({ name: z.string().min(1), item: z.array(RequestItemSchema).min(1) })),
});
type Collection = z.infer<typeof CollectionSchema>;

const OpenApiSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.object({ tags: z.array(z.string()).optional() }).loose())) });

function openapiOperations(source: unknown): string[] {
  const { paths } = OpenApiSchema.parse(source);
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => (HTTP_METHODS as readonly string[]).includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Each request as "METHOD /openapi/{path}", its :variables turned back into {braces}. */
function collectionOperations(collection: Collection): string[] {
  return collection.item.flatMap((folder) =>
    folder.item.map((item) => `${item.request.method} /${item.request.url.path.map((s) => s.replace(/^:(.+)$/, "{$1}")).join("/")}`),
  );
}

function findRequest(collection: Collection, method: string, path: string) {
  const found = collection.item.flatMap((folder) => folder.item).find((item) => item.request.method === method && `/${item.request.url.path.join("/")}` === path);
  if (!found) throw new Error(`${method} ${path} is missing`);
  return found.request;
}

const openapi: unknown = parse(readFileSync(OPENAPI_FILE, "utf8"));
const collection = CollectionSchema.parse(JSON.parse(renderPostmanCollection({ baseUrl: "https://api.example.test" })));

describe("the Postman collection generated from openapi.yaml", () => {
  it("is a Postman v2.1 collection with bearer auth from {{apiKey}} and a {{baseUrl}} variable", () => {
    expect(collection.info.schema).toBe(POSTMAN_SCHEMA_URL);
    expect(collection.info.name).toBe("Sluice API");
    expect(collection.variable.find((v) => v.key === "baseUrl")?.value).toBe("https://api.example.test");
    expect(collection.variable.map((v) => v.key)).toContain("apiKey");
  });

  it("has exactly one request for every operation of openapi.yaml", () => {
    const expected = openapiOperations(openapi);
    expect(expected.length).toBeGreaterThan(30);
    expect(collectionOperations(collection).sort()).toEqual([...expected].sort());
  });

  it("puts each request in the folder of its operation's first tag", () => {
    expect(collection.item.map((folder) => folder.name)).toEqual(["Operations", "Account", "Workflows", "Webhooks", "Datasets", "Analytics", "Streams"]);
    const workflows = collection.item.find((folder) => folder.name === "Workflows");
    expect(workflows?.item.map((item) => item.name)).toContain("Create a workflow");
  });

  it("turns path parameters into Postman variables with the schema's example", () => {
    const execute = findRequest(collection, "POST", "/v1/workflows/:id/execute");
    expect(execute.url.raw).toBe("{{baseUrl}}/v1/workflows/:id/execute");
    expect(execute.url.variable).toEqual([{ key: "id", value: "wf_1AbCdEfGhJkLmNpQrStUvW" }]);
    expect(execute.header).toContainEqual(expect.objectContaining({ key: "idempotency-key", disabled: true }));
    const list = findRequest(collection, "GET", "/v1/workflows");
    expect(list.url.query?.map((q) => q.key)).toEqual(["page", "limit", "status", "created_after", "created_before"]);
  });

  it("sends no API key where the operation needs none", () => {
    expect(findRequest(collection, "GET", "/healthz").auth).toEqual({ type: "noauth" });
    expect(findRequest(collection, "POST", "/hooks/:workflow_id/:secret").auth).toEqual({ type: "noauth" });
    expect(findRequest(collection, "GET", "/v1/whoami").auth).toBeUndefined();
  });

  it("gives JSON bodies the API accepts, taken from the schemas' examples and required fields", () => {
    const bodyOf = (method: string, path: string): unknown => {
      const body = findRequest(collection, method, path).body;
      if (body?.mode !== "raw") throw new Error(`${method} ${path} has no JSON body`);
      return JSON.parse(body.raw);
    };
    expect(AnalyzeRequestSchema.safeParse(bodyOf("POST", "/v1/data/analyze")).success).toBe(true);
    expect(CleanRequestSchema.safeParse(bodyOf("POST", "/v1/data/clean")).success).toBe(true);
    expect(CreateWorkflowRequestSchema.safeParse(bodyOf("POST", "/v1/workflows")).success).toBe(true);
    expect(findRequest(collection, "POST", "/v1/workflows").header).toContainEqual({ key: "Content-Type", value: "application/json" });
    expect(findRequest(collection, "POST", "/v1/datasets").body).toEqual({ mode: "file", file: { src: "" } });
  });

  it("includes an operation as soon as the document gains it", () => {
    const document = z.record(z.string(), z.unknown()).parse(structuredClone(openapi));
    const paths = { ...OpenApiSchema.parse(document).paths, "/v1/reports/{id}": { get: { tags: ["Reports"], summary: "Get a report" } } };
    const regenerated = CollectionSchema.parse(postmanCollectionFromOpenApi({ ...document, paths }, { baseUrl: "http://localhost:3000" }));
    expect(collectionOperations(regenerated)).toContain("GET /v1/reports/{id}");
    expect(regenerated.item.find((folder) => folder.name === "Reports")?.item[0]?.name).toBe("Get a report");
  });
});

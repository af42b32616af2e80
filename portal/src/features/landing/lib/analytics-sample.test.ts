import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { AnalysisSchema, AnalyzeRequestSchema } from "../../../../../core/contracts/analytics";
import { analyzeSource } from "../../../../../engine/analytics/analysis/analyze";
import { inlineSource } from "../../../../../engine/analytics/analysis/data-source";
import type { AnalyticsDb } from "../../../../../engine/analytics/analytics-db";
import { startTestAnalytics } from "../../../../../testing/duckdb";
import { serializeAnalysis } from "../../../../../gateway/analytics/serializers";
import { SAMPLE_ANALYSIS_RESPONSE, SAMPLE_ANALYZE_PATH, SAMPLE_ANALYZE_REQUEST } from "./analytics-sample";

/* ------------------------------------------------ openapi.yaml and a JSON Schema checker */

const OpenApiSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
});
const OperationSchema = z.object({
  requestBody: z.object({ content: z.object({ "application/json": z.object({ schema: z.unknown() }) }) }),
  responses: z.record(z.string(), z.object({ content: z.object({ "application/json": z.object({ schema: z.unknown() }) }).optional() })),
});

const openApi = OpenApiSchema.parse(parse(readFileSync(new URL("../../../../../openapi.yaml", import.meta.url), "utf8")));
const analyzeOperation = OperationSchema.parse(openApi.paths[SAMPLE_ANALYZE_PATH]?.post);

const JsonSchemaNode = z
  .object({
    $ref: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    enum: z.array(z.unknown()).optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.unknown().optional(),
    items: z.unknown().optional(),
    prefixItems: z.array(z.unknown()).optional(),
    anyOf: z.array(z.unknown()).optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    description: z.string().optional(),
    default: z.unknown().optional(),
    example: z.unknown().optional(),
  })
  // A keyword this checker does not know fails the test instead of being skipped.
  .strict();

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** The problems of `value` against a JSON Schema node of the OpenAPI 3.1 document (the keywords it uses). */
function schemaProblems(rawNode: unknown, value: unknown, path = "$"): string[] {
  const node = JsonSchemaNode.parse(rawNode);
  if (node.$ref) return schemaProblems(openApi.components.schemas[node.$ref.replace("#/components/schemas/", "")], value, path);
  if (node.anyOf) return node.anyOf.some((option) => schemaProblems(option, value, path).length === 0) ? [] : [`${path}: matches no anyOf option`];

  const problems: string[] = [];
  const actual = typeOf(value);
  const types = node.type === undefined ? [] : [node.type].flat();
  if (types.length && !types.includes(actual) && !(actual === "integer" && types.includes("number"))) return [`${path}: ${actual} is not ${types.join(" | ")}`];
  if (node.enum && !node.enum.includes(value)) problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(node.enum)}`);
  if (typeof value === "string") {
    if (node.minLength !== undefined && value.length < node.minLength) problems.push(`${path}: shorter than ${node.minLength}`);
    if (node.maxLength !== undefined && value.length > node.maxLength) problems.push(`${path}: longer than ${node.maxLength}`);
  }
  if (typeof value === "number") {
    if (node.minimum !== undefined && value < node.minimum) problems.push(`${path}: below ${node.minimum}`);
    if (node.maximum !== undefined && value > node.maximum) problems.push(`${path}: above ${node.maximum}`);
  }
  if (Array.isArray(value)) {
    if (node.minItems !== undefined && value.length < node.minItems) problems.push(`${path}: fewer than ${node.minItems} items`);
    if (node.maxItems !== undefined && value.length > node.maxItems) problems.push(`${path}: more than ${node.maxItems} items`);
    value.forEach((item, index) => {
      const itemSchema = node.prefixItems?.[index] ?? node.items;
      if (itemSchema !== undefined) problems.push(...schemaProblems(itemSchema, item, `${path}[${index}]`));
    });
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = Object.fromEntries(Object.entries(value));
    for (const name of node.required ?? []) if (!(name in record)) problems.push(`${path}: missing ${name}`);
    for (const [name, child] of Object.entries(record)) {
      const declared = node.properties?.[name];
      if (declared !== undefined) problems.push(...schemaProblems(declared, child, `${path}.${name}`));
      else if (node.additionalProperties === false) problems.push(`${path}: unexpected property ${name}`);
      else if (node.additionalProperties !== undefined) problems.push(...schemaProblems(node.additionalProperties, child, `${path}.${name}`));
    }
  }
  return problems;
}

const responseSchemaOf = (status: string) => analyzeOperation.responses[status]?.content?.["application/json"].schema;

/** Every number to 12 significant digits: the engine's floating point may differ in the last bits between machines. */
function roundNumbers(value: unknown): unknown {
  if (typeof value === "number") return Number(value.toPrecision(12));
  if (Array.isArray(value)) return value.map(roundNumbers);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, roundNumbers(child)]));
  return value;
}

/* ------------------------------------------------------------------------------ tests */

describe("the landing page's analytics sample", () => {
  it("is a valid request by the API's own schema", () => {
    expect(AnalyzeRequestSchema.safeParse(SAMPLE_ANALYZE_REQUEST).error).toBeUndefined();
  });

  it("is a response of the API's own schema, with no field the schema does not have", () => {
    expect(AnalysisSchema.parse(SAMPLE_ANALYSIS_RESPONSE)).toEqual(SAMPLE_ANALYSIS_RESPONSE);
  });

  it("matches the request and 200 response schemas of POST /v1/data/analyze in openapi.yaml", () => {
    expect(schemaProblems(analyzeOperation.requestBody.content["application/json"].schema, SAMPLE_ANALYZE_REQUEST)).toEqual([]);
    expect(schemaProblems(responseSchemaOf("200"), SAMPLE_ANALYSIS_RESPONSE)).toEqual([]);
  });

  it("would be caught by the openapi.yaml check if its shape drifted", () => {
    const drifted = { ...SAMPLE_ANALYSIS_RESPONSE, insights: { trend: { ...SAMPLE_ANALYSIS_RESPONSE.insights.trend, direction: "up" } }, extra: 1 };
    expect(schemaProblems(responseSchemaOf("200"), drifted)).toEqual([expect.stringContaining("$.insights.trend.direction")]);
    const { analysis: _analysis, ...withoutAnalysis } = SAMPLE_ANALYZE_REQUEST;
    expect(schemaProblems(analyzeOperation.requestBody.content["application/json"].schema, { ...withoutAnalysis, limit: 5 })).toEqual([
      "$: missing analysis",
      "$: unexpected property limit",
    ]);
  });

  describe("computed by the analytics engine", () => {
    let dataDir: string;
    let db: AnalyticsDb;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "sluice-landing-sample-"));
      db = await startTestAnalytics({ DATA_DIR: dataDir });
    });
    afterAll(async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("shows the result the engine computes for the sample rows, as the gateway serializes it", async () => {
      const request = AnalyzeRequestSchema.parse(SAMPLE_ANALYZE_REQUEST);
      const source = await inlineSource(db, dataDir, SAMPLE_ANALYSIS_RESPONSE.analysis_id, JSON.stringify(SAMPLE_ANALYZE_REQUEST.dataset), {});
      const result = await analyzeSource(db, source, request, {}).finally(() => source.dispose());
      const answer = serializeAnalysis({
        id: SAMPLE_ANALYSIS_RESPONSE.analysis_id,
        dataset_id: null,
        analysis: request.analysis,
        status: "completed",
        result: JSON.parse(JSON.stringify(result)),
        error: null,
        processing_time_ms: SAMPLE_ANALYSIS_RESPONSE.processing_time_ms,
        created_at: new Date(SAMPLE_ANALYSIS_RESPONSE.created_at),
        completed_at: new Date(SAMPLE_ANALYSIS_RESPONSE.completed_at),
      });
      expect(roundNumbers(answer)).toEqual(roundNumbers(SAMPLE_ANALYSIS_RESPONSE));
    });
  });
});

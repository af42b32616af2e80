import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AnalyzeRequestSchema } from "../../../../../core/contracts/analytics";
import { CreateWorkflowRequestSchema } from "../../../../../core/contracts/workflows";
import { ExecutionPageSchema } from "../../../../../core/contracts/workflow-responses";
import { ExecuteRequestSchema, IdempotencyHeadersSchema, ListAccountExecutionsQuerySchema } from "../../../../../gateway/workflows/api-schemas";
import { decodeExecutionCursor } from "../../../../../gateway/workflows/execution-cursor";
import { IngestResultSchema, StreamEventBatchSchema } from "../../../../../core/contracts/streams";
import {
  ANALYZE_REQUEST,
  CREATE_WORKFLOW_REQUEST,
  EXECUTE_WORKFLOW_REQUEST,
  EXECUTION_PAGE_RESPONSE,
  LIST_EXECUTIONS_REQUEST,
  STREAM_EVENTS_REQUEST,
  STREAM_EVENTS_RESPONSE,
  WHOAMI_REQUEST,
} from "./api-examples";
import type { ApiRequest } from "./request-samples";

const OpenApiSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });
const openapi = OpenApiSchema.parse(parse(readFileSync(new URL("../../../../../openapi.yaml", import.meta.url), "utf8")));

/** True when openapi.yaml has an operation for the request's method and path ({params} match one segment). */
function documented(request: ApiRequest): boolean {
  const path = request.path.split("?")[0] ?? "";
  return Object.entries(openapi.paths).some(([template, operations]) => {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    return pattern.test(path) && request.method.toLowerCase() in operations;
  });
}

describe("the requests the docs page shows", () => {
  it("call operations that exist in openapi.yaml", () => {
    for (const request of [WHOAMI_REQUEST, CREATE_WORKFLOW_REQUEST, EXECUTE_WORKFLOW_REQUEST, LIST_EXECUTIONS_REQUEST, ANALYZE_REQUEST, STREAM_EVENTS_REQUEST]) {
      expect(documented(request), `${request.method} ${request.path}`).toBe(true);
    }
    expect(documented({ method: "POST", path: "/v1/workflows/wf_1/launch" })).toBe(false);
  });

  it("send bodies the API's own request schemas accept", () => {
    expect(CreateWorkflowRequestSchema.safeParse(CREATE_WORKFLOW_REQUEST.body).error).toBeUndefined();
    expect(ExecuteRequestSchema.safeParse(EXECUTE_WORKFLOW_REQUEST.body).error).toBeUndefined();
    expect(IdempotencyHeadersSchema.safeParse({ "idempotency-key": EXECUTE_WORKFLOW_REQUEST.headers?.["Idempotency-Key"] }).error).toBeUndefined();
    expect(AnalyzeRequestSchema.safeParse(ANALYZE_REQUEST.body).error).toBeUndefined();
    expect(StreamEventBatchSchema.safeParse(STREAM_EVENTS_REQUEST.body).error).toBeUndefined();
    expect(IngestResultSchema.safeParse(JSON.parse(STREAM_EVENTS_RESPONSE.split("\n\n")[1] ?? "")).error).toBeUndefined();
  });

  it("list executions with a query and answer with a page the API's schemas accept", () => {
    const query = Object.fromEntries(new URLSearchParams(LIST_EXECUTIONS_REQUEST.path.split("?")[1]));
    expect(ListAccountExecutionsQuerySchema.safeParse(query).error).toBeUndefined();
    const page = ExecutionPageSchema.parse(JSON.parse(EXECUTION_PAGE_RESPONSE.split("\n\n")[1] ?? ""));
    expect(decodeExecutionCursor(page.next_cursor ?? "")).toEqual({ queuedAt: "2026-11-21T08:58:00.000000Z", id: page.executions[0]?.id });
  });
});

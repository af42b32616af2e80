import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ANALYSIS_LIMITS } from "../../../core/contracts/analytics.js";
import { AppError } from "../../../core/errors.js";
import type { AppEnv } from "../../app-env.js";
import { findAnalysis, type AnalysisRow } from "../../analytics/analysis-queries.js";
import { submitAnalysis, type AnalysisDeps } from "../../analytics/analysis-service.js";
import { ANALYZE_REQUEST_EXAMPLES, AnalysisIdParamsSchema, AnalysisResponseSchema, AnalyzeRequestBodySchema, CleanRequestBodySchema } from "../../analytics/api-schemas.js";
import { serializeAnalysis } from "../../analytics/serializers.js";
import { errorResponses } from "../../http/error-responses.js";
import { validationHook } from "../../http/errors.js";
import { jsonBody, jsonResponse } from "../../http/route-helpers.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

const tags = ["Analytics"];
const security = API_KEY_SECURITY;
const submitErrors = errorResponses("MALFORMED_JSON", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "PAYLOAD_TOO_LARGE", "VALIDATION_FAILED", "RATE_LIMITED", "QUOTA_EXCEEDED");
const inlineNote = `Inline rows (dataset) are capped at ${ANALYSIS_LIMITS.maxInlineRows.toLocaleString("en-US")} rows (422 past it) and ${ANALYSIS_LIMITS.maxInlineBytes / 1_048_576} MiB of request body (413 past it); larger data is uploaded once with POST /v1/datasets and analysed by dataset_id.`;
const waitNote = `Answers 200 with the result when the work finishes within the wait budget (a few seconds), otherwise 202 with the analysis id and status; poll GET /v1/analyses/{id}. Work that fails on its input (an unusable column, an impossible time_grain, too little data) within the wait is 422 VALIDATION_FAILED naming the field; after a 202 it is failed with code INVALID_INPUT. The bytes read are charged when the work is admitted and stay charged whatever its outcome; a request refused before any work (4xx) charges no bytes. The bytes read (inline rows as JSON, or the dataset's file) count against the month's data allowance: when it is exhausted the answer is 429 QUOTA_EXCEEDED with X-RateLimit-Resource: data. Progress is also sent as processing.started, processing.completed and processing.failed webhook events. ${inlineNote}`;

const analyzeRoute = createRoute({
  method: "post",
  path: "/v1/data/analyze",
  tags,
  summary: "Analyse a dataset",
  description: `Summary statistics, trend (OLS, Theil–Sen, Mann–Kendall), growth rate, anomalies, forecast with prediction intervals, correlations and k-means clusters, with chart specs. "auto" runs everything that applies and notes what does not. ${waitNote}`,
  security,
  request: jsonBody(AnalyzeRequestBodySchema, ANALYZE_REQUEST_EXAMPLES),
  responses: {
    200: jsonResponse(AnalysisResponseSchema, "Finished within the wait budget: the analysis with its result (or its error)."),
    202: jsonResponse(AnalysisResponseSchema, "Accepted and still running: poll GET /v1/analyses/{id}."),
    ...submitErrors,
  },
});

const cleanRoute = createRoute({
  method: "post",
  path: "/v1/data/clean",
  tags,
  summary: "Clean a dataset",
  description: `Type inference (missing-value sentinels, thousands separators, decimal commas, percentages, currencies, dates), duplicate removal, imputation, outlier flags, string normalisation and key clustering. Returns the cleaned rows and a report of every change. Nothing changes a value's meaning silently: identifier-like columns (leading zeros) stay text, numbers and dates that read two ways are flagged, and fuzzy merges are suggestions unless apply_clusters asks for them; with every option off the rows come back as given. ${waitNote}`,
  security,
  request: jsonBody(CleanRequestBodySchema),
  responses: {
    200: jsonResponse(AnalysisResponseSchema, "Finished within the wait budget: the cleaned rows, the report and a summary."),
    202: jsonResponse(AnalysisResponseSchema, "Accepted and still running: poll GET /v1/analyses/{id}."),
    ...submitErrors,
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/v1/analyses/{id}",
  tags,
  summary: "Get an analysis",
  description: "Its status, and once completed its result (the same fields as the inline answer).",
  security,
  request: { params: AnalysisIdParamsSchema },
  responses: {
    200: jsonResponse(AnalysisResponseSchema, "The analysis."),
    ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "QUOTA_EXCEEDED"),
  },
});

function apiKeyOf(c: Context<AppEnv>) {
  const key = c.get("apiKey");
  if (!key) throw new AppError("UNAUTHORIZED");
  return key;
}

const finished = (row: AnalysisRow) => row.status === "completed" || row.status === "failed";

/** The analytics API: analyse, clean, and read an analysis (DESIGN.md section 8). */
export function analysisApiRoutes(deps: AnalysisDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(analyzeRoute, async (c) => {
    const row = await submitAnalysis(deps, apiKeyOf(c), { kind: "analyze", request: c.req.valid("json") });
    return finished(row) ? c.json(serializeAnalysis(row), 200) : c.json(serializeAnalysis(row), 202);
  });

  app.openapi(cleanRoute, async (c) => {
    const row = await submitAnalysis(deps, apiKeyOf(c), { kind: "clean", request: c.req.valid("json") });
    return finished(row) ? c.json(serializeAnalysis(row), 200) : c.json(serializeAnalysis(row), 202);
  });

  app.openapi(getRoute, async (c) => {
    const key = apiKeyOf(c);
    const row = await findAnalysis(deps.db, { userId: key.userId, mode: key.mode }, c.req.valid("param").id);
    if (!row) throw new AppError("NOT_FOUND", "No such analysis.");
    return c.json(serializeAnalysis(row), 200);
  });

  return app;
}

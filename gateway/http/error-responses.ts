import { z } from "@hono/zod-openapi";
import { ERROR_CATALOGUE, ErrorBodySchema, type ErrorCode } from "../../core/errors.js";

const ErrorResponseSchema = z.object(ErrorBodySchema.shape).openapi("Error");

/** OpenAPI `responses` entries for the error codes a route can answer, grouped by status. */
export function errorResponses(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, group]) => [
      status,
      {
        description: group.map((code) => `${code}: ${ERROR_CATALOGUE[code].message}`).join(" | "),
        content: { "application/json": { schema: ErrorResponseSchema } },
      },
    ]),
  );
}

import { ERROR_CATALOGUE, ErrorBodySchema, type ErrorCode } from "../../core/errors.js";

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
        content: { "application/json": { schema: ErrorBodySchema } },
      },
    ]),
  );
}

import { UsageSeriesSchema, type UsageDay } from "../../../../../core/contracts/usage";
import { ErrorBodySchema } from "../../../../../core/errors";
import { ApiError, CLIENT_ERROR_MESSAGES, apiRequest } from "../../../lib/api-client";
import { env } from "../../../lib/env";
import { attachmentFileName } from "../lib/usage-months";

/** The signed-in user's usage: daily counts (GET /api/usage/daily) and a month as CSV (GET /api/usage/export). */

/** Enough days to cover the whole of the current month. */
const MONTH_DAYS = 31;

export async function listUsageDays(signal?: AbortSignal): Promise<UsageDay[]> {
  const { days } = await apiRequest(`/api/usage/daily?days=${MONTH_DAYS}`, { schema: UsageSeriesSchema, signal });
  return days;
}

export interface UsageCsv {
  fileName: string;
  blob: Blob;
}

/** One month (YYYY-MM) as CSV, named as the server names it. A CSV is no JSON, so this is a plain fetch. */
export async function exportUsageCsv(month: string): Promise<UsageCsv> {
  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl.replace(/\/+$/, "")}/api/usage/export?month=${encodeURIComponent(month)}`, {
      credentials: "include",
      headers: { Accept: "text/csv" },
    });
  } catch (error) {
    throw new ApiError({ code: "NETWORK_ERROR", status: 0, message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR, cause: error });
  }
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
    const { code, message } = parsed.success ? parsed.data.error : { code: "INTERNAL_ERROR", message: CLIENT_ERROR_MESSAGES.INVALID_RESPONSE };
    throw new ApiError({ code, status: response.status, message });
  }
  const fileName = attachmentFileName(response.headers.get("Content-Disposition"), `sluice-usage-${month}.csv`);
  return { fileName, blob: await response.blob() };
}

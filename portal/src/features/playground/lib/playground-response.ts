import { z } from "zod";
import { ErrorBodySchema } from "../../../../../core/errors";

/** A response as the playground shows it, whether the API sent it or the browser simulated it. */
export interface PlaygroundResponse {
  source: "api" | "simulated";
  status: number;
  statusText: string;
  durationMs: number;
  /** The rate-limit headers present, in display order. */
  rateLimit: Array<{ name: RateLimitHeaderName; value: string }>;
  /** Seconds until X-RateLimit-Reset, when that header is present. */
  resetsInSeconds: number | null;
  /** The body pretty-printed when it is JSON, else as it came. */
  bodyText: string;
  /** The API's error code and message when the body is its error shape. */
  error: { code: string; message: string } | null;
  /** The `id` of a workflow in the body (create, get, update answers). */
  workflowId: string | null;
}

export const RATE_LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"] as const;
export type RateLimitHeaderName = (typeof RATE_LIMIT_HEADERS)[number];

/** Reason phrases of the statuses the workflow API answers with. */
const STATUS_TEXTS: Record<number, string> = {
  200: "OK",
  201: "Created",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusText(status: number, sent = ""): string {
  return STATUS_TEXTS[status] ?? sent;
}

const WithIdSchema = z.object({ id: z.string() });

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export interface RawResponse {
  source: PlaygroundResponse["source"];
  status: number;
  /** The reason phrase the server sent, used for statuses the table lacks. */
  sentStatusText?: string;
  headers: Headers;
  text: string;
  durationMs: number;
  now?: Date;
}

/** Reads what the playground shows from a response: status, timing, rate-limit headers, body. */
export function describeResponse(raw: RawResponse): PlaygroundResponse {
  const parsed = parseJson(raw.text);
  const error = parsed.ok ? ErrorBodySchema.safeParse(parsed.value) : undefined;
  const withId = parsed.ok ? WithIdSchema.safeParse(parsed.value) : undefined;
  const rateLimit = RATE_LIMIT_HEADERS.flatMap((name) => {
    const value = raw.headers.get(name);
    return value === null ? [] : [{ name, value }];
  });
  const reset = raw.headers.get("X-RateLimit-Reset");
  const now = raw.now ?? new Date();
  return {
    source: raw.source,
    status: raw.status,
    statusText: statusText(raw.status, raw.sentStatusText),
    durationMs: Math.max(0, Math.round(raw.durationMs)),
    rateLimit,
    resetsInSeconds: reset !== null && /^\d+$/.test(reset) ? Math.max(0, Math.round(Number(reset) - now.getTime() / 1_000)) : null,
    bodyText: parsed.ok ? JSON.stringify(parsed.value, null, 2) : raw.text,
    error: error?.success ? { code: error.data.error.code, message: error.data.error.message } : null,
    workflowId: withId?.success ? withId.data.id : null,
  };
}

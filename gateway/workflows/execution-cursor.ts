import { idPattern } from "../../core/ids.js";

/**
 * The cursor of GET /v1/executions (decision 0031): the position of the last execution of a
 * page, its queued_at to the microsecond and its id, as base64url. The next page holds the
 * executions strictly before that position in the list's order (queued_at, then id, both
 * descending), so executions queued meanwhile never shift a page and none is seen twice.
 */
export interface ExecutionCursor {
  /** queued_at as UTC ISO 8601 with six fractional digits, as PostgreSQL stores it. */
  queuedAt: string;
  id: string;
}

const QUEUED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const EXECUTION_ID = idPattern("exec");
const SEPARATOR = " ";

export function encodeExecutionCursor(cursor: ExecutionCursor): string {
  return Buffer.from(`${cursor.queuedAt}${SEPARATOR}${cursor.id}`, "utf8").toString("base64url");
}

/** The position a cursor names, or undefined for anything `encodeExecutionCursor` did not write. */
export function decodeExecutionCursor(value: string): ExecutionCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return undefined;
  const [queuedAt, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split(SEPARATOR);
  if (queuedAt === undefined || id === undefined || rest.length > 0) return undefined;
  if (!QUEUED_AT.test(queuedAt) || !isRealInstant(queuedAt) || !EXECUTION_ID.test(id)) return undefined;
  return { queuedAt, id };
}

/** Whether the date and time exist (JavaScript reads 30 February as 2 March; PostgreSQL refuses it). */
function isRealInstant(iso: string): boolean {
  const millis = Date.parse(iso);
  return Number.isFinite(millis) && new Date(millis).toISOString().slice(0, 23) === iso.slice(0, 23);
}

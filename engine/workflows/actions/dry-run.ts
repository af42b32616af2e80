/**
 * Test-mode runs send nothing (DESIGN.md section 6): http_request and chat_message record the
 * request they would have made as their output instead. The record is stored and shown, so
 * credentials in it are redacted.
 */

export const REDACTED = "[redacted]";
/** The same inside a URL, where brackets would be percent-encoded. */
const REDACTED_IN_URL = "redacted";

// Header names that carry credentials: the usual ones and anything naming a token, secret or key.
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|password|api[-_]?key|signature|credential/i;
// Query parameters that commonly carry credentials.
const SECRET_QUERY_PARAMETER = /token|secret|password|passwd|api[-_]?key|signature|^sig$|^key$|^code$|auth/i;

export interface DryRunRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface DryRunOutput {
  dry_run: true;
  request: DryRunRequest;
}

export function dryRunOutput(request: DryRunRequest): DryRunOutput {
  return { dry_run: true, request };
}

/** The headers with the values of credential-bearing ones replaced. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, SECRET_HEADER.test(name) ? REDACTED : value]));
}

/** The URL with credential-looking query values and any user:password replaced. */
export function redactUrl(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return url;
  if (parsed.username || parsed.password) {
    parsed.username = REDACTED_IN_URL;
    parsed.password = "";
  }
  for (const name of [...new Set(parsed.searchParams.keys())]) {
    if (SECRET_QUERY_PARAMETER.test(name)) parsed.searchParams.set(name, REDACTED_IN_URL);
  }
  return parsed.toString();
}

/** Chat incoming-webhook URLs are credentials in their path: only the origin is kept. */
export function redactWebhookUrl(url: string): string {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.origin}/${REDACTED_IN_URL}` : REDACTED;
}

/** Whether a step's output is a test-mode record of what it would have done (send_email's too). */
export function isDryRunOutput(output: unknown): boolean {
  return typeof output === "object" && output !== null && (output as { dry_run?: unknown }).dry_run === true;
}

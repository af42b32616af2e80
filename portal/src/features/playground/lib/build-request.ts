import { ENDPOINTS, type EndpointId, type PlaygroundEndpoint } from "./endpoints";

/** A request the playground can send (or simulate) and describe as code. */
export interface PlaygroundRequest {
  endpoint: PlaygroundEndpoint;
  /** Where the API is served, without a trailing slash, e.g. "https://sluice.example". */
  baseUrl: string;
  /** The full URL, the workflow id percent-encoded into the path. */
  url: string;
  /** The workflow id for get, update and delete; empty otherwise. */
  workflowId: string;
  /** The parsed JSON body of POST and PUT; undefined for the others. */
  body: unknown;
}

export interface RequestInput {
  endpoint: EndpointId;
  baseUrl: string;
  workflowId: string;
  bodyText: string;
}

/** One message per field that keeps the request from being sent. */
export interface RequestErrors {
  workflowId?: string;
  body?: string;
}

export type BuildResult = { ok: true; request: PlaygroundRequest } | { ok: false; errors: RequestErrors };

export const WORKFLOW_ID_REQUIRED = "Enter the id of a workflow, e.g. from the list or create response.";
export const BODY_REQUIRED = "Enter a JSON body.";
/** The API refuses longer ids (WorkflowIdParamsSchema). */
export const WORKFLOW_ID_MAX_LENGTH = 64;

/** Reads the JSON body box: the parsed value, or the parser's complaint. */
export function parseJsonBody(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text.trim() === "") return { ok: false, error: BODY_REQUIRED };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : "it cannot be parsed";
    return { ok: false, error: `The body is not valid JSON: ${reason}` };
  }
}

/**
 * Checks the form and builds the request: get, update and delete need a workflow id; create and
 * update need a body that parses as JSON. Whether the body suits the API is the API's to say (422).
 */
export function buildRequest(input: RequestInput): BuildResult {
  const endpoint = ENDPOINTS[input.endpoint];
  const errors: RequestErrors = {};
  const workflowId = endpoint.needsId ? input.workflowId.trim() : "";
  if (endpoint.needsId && workflowId === "") errors.workflowId = WORKFLOW_ID_REQUIRED;
  else if (workflowId.length > WORKFLOW_ID_MAX_LENGTH) errors.workflowId = `A workflow id has at most ${WORKFLOW_ID_MAX_LENGTH} characters.`;

  let body: unknown;
  if (endpoint.hasBody) {
    const parsed = parseJsonBody(input.bodyText);
    if (parsed.ok) body = parsed.value;
    else errors.body = parsed.error;
  }
  if (errors.workflowId !== undefined || errors.body !== undefined) return { ok: false, errors };

  const baseUrl = input.baseUrl.replace(/\/+$/, "");
  const path = endpoint.path.replace("{id}", encodeURIComponent(workflowId));
  return { ok: true, request: { endpoint, baseUrl, url: `${baseUrl}${path}`, workflowId, body } };
}

/** The body as sent over the wire: compact JSON; undefined for requests without one. */
export function requestBodyText(request: PlaygroundRequest): string | undefined {
  return request.endpoint.hasBody ? JSON.stringify(request.body) : undefined;
}

import { requestBodyText, type PlaygroundRequest } from "../lib/build-request";
import { describeResponse, type PlaygroundResponse } from "../lib/playground-response";
import { SIMULATED_DELAY_MS, simulateResponse } from "../lib/simulated-responses";

/**
 * Calls the real API with the user's key. Only the bearer key authenticates: no cookies go with
 * it, and the key is used for this one request and kept nowhere. Any answer, error statuses
 * included, is a result to show; only a request that got no answer rejects.
 */
export async function callWorkflowApi(request: PlaygroundRequest, apiKey: string, signal: AbortSignal): Promise<PlaygroundResponse> {
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${apiKey}` };
  const body = requestBodyText(request);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const started = performance.now();
  const response = await fetch(request.url, { method: request.endpoint.method, headers, body, credentials: "omit", cache: "no-store", signal });
  const text = await response.text();
  return describeResponse({
    source: "api",
    status: response.status,
    sentStatusText: response.statusText,
    headers: response.headers,
    text,
    durationMs: performance.now() - started,
  });
}

/** Waits the simulated delay, then answers what the API would: no request leaves the page. */
export function simulateWorkflowApi(request: PlaygroundRequest, signal: AbortSignal): Promise<PlaygroundResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const simulated = simulateResponse(request);
      resolve(
        describeResponse({
          source: "simulated",
          status: simulated.status,
          headers: new Headers(simulated.headers),
          text: JSON.stringify(simulated.body),
          durationMs: performance.now() - started,
        }),
      );
    }, SIMULATED_DELAY_MS);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

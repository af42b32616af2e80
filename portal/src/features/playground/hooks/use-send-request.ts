import { useCallback, useEffect, useRef, useState } from "react";
import { CLIENT_ERROR_MESSAGES } from "../../../lib/api-client";
import { callWorkflowApi, simulateWorkflowApi } from "../api/send-playground-request";
import type { PlaygroundRequest } from "../lib/build-request";
import type { PlaygroundResponse } from "../lib/playground-response";

export type SendState =
  | { status: "idle" }
  | { status: "sending"; simulated: boolean }
  | { status: "done"; response: PlaygroundResponse }
  | { status: "failed"; message: string };

/**
 * Sends one request at a time: to the API with a key, simulated without one. A newer request
 * or leaving the page cancels the one in flight. Resolves with the response shown, if any.
 */
export function useSendRequest() {
  const [state, setState] = useState<SendState>({ status: "idle" });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const send = useCallback(async (request: PlaygroundRequest, apiKey: string): Promise<PlaygroundResponse | null> => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const simulated = apiKey === "";
    setState({ status: "sending", simulated });
    try {
      const response = simulated ? await simulateWorkflowApi(request, controller.signal) : await callWorkflowApi(request, apiKey, controller.signal);
      setState({ status: "done", response });
      return response;
    } catch {
      if (!controller.signal.aborted) setState({ status: "failed", message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR });
      return null;
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, []);

  return { state, send };
}

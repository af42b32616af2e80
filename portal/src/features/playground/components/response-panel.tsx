import { AlertCircle, Loader2 } from "lucide-react";
import type { SendState } from "../hooks/use-send-request";
import { responseSummary, ResponseDetails } from "./response-details";

function liveMessage(state: SendState): string {
  switch (state.status) {
    case "idle":
      return "";
    case "sending":
      return state.simulated ? "Simulating the response..." : "Waiting for the API...";
    case "failed":
      return state.message;
    case "done":
      return responseSummary(state.response);
  }
}

/** The response side: a hint before the first request, progress, a failure, or the response. */
export function ResponsePanel({ state }: { state: SendState }) {
  return (
    <section aria-labelledby="playground-response-title" className="min-w-0">
      <h2 id="playground-response-title" className="text-xl font-semibold text-slate-900">
        Response
      </h2>
      <p aria-live="polite" className="sr-only">
        {liveMessage(state)}
      </p>
      <div className="mt-4">
        {state.status === "idle" && (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
            Pick an endpoint and select Send Request. Without an API key you see a simulated response after a second.
          </p>
        )}
        {state.status === "sending" && (
          <p className="flex items-center gap-2 rounded-xl border border-slate-200 p-6 text-sm text-slate-700">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {liveMessage(state)}
          </p>
        )}
        {state.status === "failed" && (
          <p className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {state.message}
          </p>
        )}
        {state.status === "done" && <ResponseDetails response={state.response} />}
      </div>
    </section>
  );
}

import { cn } from "../../../lib/cn";
import type { PlaygroundResponse } from "../lib/playground-response";
import { ResponseBody } from "./response-body";

function statusTone(status: number): string {
  if (status < 300) return "bg-emerald-100 text-emerald-900";
  if (status < 500) return "bg-amber-100 text-amber-900";
  return "bg-red-100 text-red-900";
}

/** The status line a screen reader hears when a response arrives. */
export function responseSummary(response: PlaygroundResponse): string {
  return `${response.source === "simulated" ? "Simulated response" : "Response"}: ${response.status} ${response.statusText} in ${response.durationMs} ms`;
}

function RateLimitHeaders({ response }: { response: PlaygroundResponse }) {
  if (response.rateLimit.length === 0) {
    return <p className="text-sm text-slate-600">No rate-limit headers: requests refused before they are counted (a missing or invalid key) carry none.</p>;
  }
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {response.rateLimit.map(({ name, value }) => (
        <div key={name} className="contents">
          <dt className="font-mono text-slate-600">{name}</dt>
          <dd className="font-mono break-all text-slate-900">
            {value}
            {name === "X-RateLimit-Reset" && response.resetsInSeconds !== null && <span className="font-sans text-slate-600"> (in {response.resetsInSeconds} s)</span>}
            {name === "Retry-After" && <span className="font-sans text-slate-600"> seconds</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One response: status, time, where it came from, rate-limit headers, the API's error, the body. */
export function ResponseDetails({ response }: { response: PlaygroundResponse }) {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="response-status">
        <span className={cn("rounded-md px-2.5 py-1 font-mono text-sm font-bold", statusTone(response.status))}>
          {response.status} {response.statusText}
        </span>
        <span className="text-sm text-slate-700">{response.durationMs} ms</span>
        <span className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
          {response.source === "simulated" ? "Simulated" : "Live API"}
        </span>
      </div>
      {response.source === "simulated" && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Simulated response: nothing was sent. Enter an API key to call the API for real.
        </p>
      )}
      {response.error && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <span className="font-mono font-semibold">{response.error.code}</span>: {response.error.message}
        </p>
      )}
      <section aria-label="Rate-limit headers">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Rate-limit headers</h3>
        <RateLimitHeaders response={response} />
      </section>
      <ResponseBody text={response.bodyText} />
    </div>
  );
}

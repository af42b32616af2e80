import type { StepAttempt } from "../../../../../core/contracts/step-attempts";
import { formatAbsoluteTime, formatClockTime, formatDuration } from "../lib/console-format";
import { ATTEMPT_OUTCOME_LABELS, attemptTone } from "../lib/workflow-display";
import { StatusBadge } from "./status-badge";

/** A step's attempts, oldest first: when, how long, how it ended and what the target answered. */
export function StepAttempts({ stepName, attempts }: { stepName: string; attempts: readonly StepAttempt[] }) {
  if (attempts.length === 0) return null;
  return (
    <ol aria-label={`Attempts of ${stepName}`} className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
      {attempts.map((attempt) => (
        <li key={attempt.attempt} className="px-3 py-2 text-sm">
          <AttemptItem attempt={attempt} />
        </li>
      ))}
    </ol>
  );
}

function AttemptItem({ attempt }: { attempt: StepAttempt }) {
  const { response, error } = attempt;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">Attempt {attempt.attempt}</span>
        <time dateTime={attempt.started_at} title={formatAbsoluteTime(attempt.started_at)} className="text-slate-700">
          {formatClockTime(attempt.started_at)}
        </time>
        <span className="text-slate-700">{formatDuration(attempt.duration_ms)}</span>
        <StatusBadge tone={attemptTone(attempt.outcome)}>{ATTEMPT_OUTCOME_LABELS[attempt.outcome]}</StatusBadge>
        {response && <span className="font-mono text-xs text-slate-700">HTTP {response.status}</span>}
      </div>
      {error && (
        <p className="mt-1 break-words text-red-800">
          <span className="font-mono font-semibold">{error.code}</span>: {error.message}
        </p>
      )}
      {response && (
        <details className="mt-2 min-w-0 rounded-md border border-slate-200 bg-slate-50">
          <summary className="cursor-pointer px-3 py-2 font-medium text-slate-800">{response.body_truncated ? "Response (body cut short)" : "Response"}</summary>
          <pre tabIndex={0} className="max-h-64 overflow-auto border-t border-slate-200 px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap text-slate-800">
            {responseText(response)}
          </pre>
        </details>
      )}
    </>
  );
}

/** The kept headers, a blank line and the body excerpt, as the target sent them. */
function responseText(response: NonNullable<StepAttempt["response"]>): string {
  const headers = Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`);
  const body = response.body_excerpt === "" ? "(empty body)" : response.body_excerpt;
  return [`HTTP ${response.status}`, ...headers, "", response.body_truncated ? `${body}\n… (the rest was not kept)` : body].join("\n");
}

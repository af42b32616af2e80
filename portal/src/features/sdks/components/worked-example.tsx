import { CodeTabs } from "../../../components/ui/code-tabs";
import { MAX_RETRIES, REQUEST_TIMEOUT_SECONDS, workedExamples } from "../lib/worked-examples";

/** A complete program in each language: create a workflow, run it, wait for the result. */
export function WorkedExample({ origin }: { origin: string }) {
  return (
    <section aria-labelledby="worked-example-title" className="mt-16">
      <h2 id="worked-example-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Worked example: create a workflow, run it, read the result
      </h2>
      <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">
        Each program creates a workflow with a manual trigger, runs it with an <code className="font-mono text-sm">Idempotency-Key</code>{" "}
        so a retried run is never started twice, and polls the execution until it has finished. Every request has a{" "}
        {REQUEST_TIMEOUT_SECONDS}-second time-out and up to {MAX_RETRIES} retries: after a 429 it waits for{" "}
        <code className="font-mono text-sm">Retry-After</code>; server errors and network failures are retried only when repeating
        the request is safe. Run them with a test key (<code className="font-mono text-sm">sk_test_…</code>) in{" "}
        <code className="font-mono text-sm">SLUICE_API_KEY</code>.
      </p>
      <CodeTabs className="mt-6" label="Worked example: language" tabs={workedExamples(origin)} />
    </section>
  );
}

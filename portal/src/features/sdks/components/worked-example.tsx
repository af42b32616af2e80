import { CodeTabs } from "../../../components/ui/code-tabs";
import { QUICKSTART_EXAMPLES, WEBHOOK_EXAMPLES } from "../../../lib/sdk-examples";

/** The SDKs' quick start and webhook receiver, in each language: the files their tests run against the API. */
export function WorkedExample() {
  return (
    <section aria-labelledby="worked-example-title" className="mt-16">
      <h2 id="worked-example-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Worked example: a workflow, a run and an analysis
      </h2>
      <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">
        Each program creates a workflow with a manual trigger, runs it, analyses a small dataset and shows how an error reads. The clients
        time out after 30 seconds and retry up to 3 times: after a 429 they wait for <code className="font-mono text-sm">Retry-After</code>,
        and every POST carries an <code className="font-mono text-sm">Idempotency-Key</code> so a retry is never done twice. These are the
        files each SDK&apos;s test suite runs against a real Sluice API.
      </p>
      <CodeTabs className="mt-6" label="Worked example: language" tabs={QUICKSTART_EXAMPLES} />
      <h3 className="mt-10 text-xl font-semibold text-slate-900">Verify a webhook</h3>
      <p className="mt-2 max-w-3xl leading-relaxed text-slate-700">
        Pass the raw body, the headers and the endpoint&apos;s secret: both signature forms Sluice sends are checked, and old timestamps refused.
      </p>
      <CodeTabs className="mt-4" label="Verify a webhook with the SDK: language" tabs={WEBHOOK_EXAMPLES} />
    </section>
  );
}

import { CodeBlock } from "../../../components/ui/code-block";
import { env } from "../../../lib/env";

/** The gateway origin the examples point at: the configured API base URL, else this site. */
function apiOrigin(): string {
  return env.apiBaseUrl || window.location.origin;
}

export function quickStartRequest(origin: string): string {
  return [
    `curl ${origin}/v1/workflows \\`,
    `  -H "Authorization: Bearer sk_test_YOUR_KEY"`,
  ].join("\n");
}

/** A copyable first request; the copy button confirms with "Copied!" for 2 seconds. */
export function QuickStart() {
  return (
    <div className="min-w-0">
      <h2 className="mb-3 text-sm font-semibold text-brand-200">Quick start: list your workflows</h2>
      <CodeBlock title="cURL" code={quickStartRequest(apiOrigin())} copyable />
      <p className="mt-3 text-sm text-slate-300">
        Create a test key in your dashboard, replace <code className="font-mono text-brand-200">sk_test_YOUR_KEY</code>, and
        run it in a terminal.
      </p>
    </div>
  );
}

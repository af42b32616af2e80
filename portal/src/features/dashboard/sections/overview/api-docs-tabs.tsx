import { Link } from "react-router-dom";
import { ERROR_CATALOGUE, type ErrorCode } from "../../../../../../core/errors";
import { CodeBlock } from "../../../../components/ui/code-block";
import { env } from "../../../../lib/env";
import { API_ENDPOINT_GROUPS } from "../../lib/api-endpoints";
import { Code } from "../doc-summary";
import { DocTabs } from "./doc-tabs";

/** The errors a /v1 call can answer with (the rest of the catalogue belongs to sign-in and payments). */
const API_ERROR_CODES: readonly ErrorCode[] = [
  "BAD_REQUEST",
  "MALFORMED_JSON",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "VALIDATION_FAILED",
  "RATE_LIMITED",
  "QUOTA_EXCEEDED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
];

function apiOrigin(): string {
  return env.apiBaseUrl || window.location.origin;
}

/** The overview's short API documentation (SPEC: authentication, endpoints, examples, error codes). */
export function ApiDocsTabs() {
  return (
    <section aria-labelledby="overview-api-docs" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="overview-api-docs" className="text-xl font-semibold text-slate-900">
        API documentation
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The essentials; the full guide is in the{" "}
        <Link to="/api-docs" className="font-medium text-brand-700 underline underline-offset-4">
          documentation
        </Link>
        .
      </p>
      <div className="mt-4">
        <DocTabs
          label="API documentation"
          tabs={[
            { id: "authentication", label: "Authentication", content: <AuthenticationTab /> },
            { id: "endpoints", label: "Endpoints", content: <EndpointsTab /> },
            { id: "examples", label: "Examples", content: <ExamplesTab /> },
            { id: "error-codes", label: "Error Codes", content: <ErrorCodesTab /> },
          ]}
        />
      </div>
    </section>
  );
}

function AuthenticationTab() {
  return (
    <div className="space-y-4 leading-relaxed text-slate-700">
      <p>
        Every request carries your API key as a bearer token. Keys starting <Code>sk_live_</Code> count against your plan; keys starting{" "}
        <Code>sk_test_</Code> run dry with their own limits and see only test data.
      </p>
      <CodeBlock title="Header" code="Authorization: Bearer sk_live_…" />
      <p>
        Create, copy and rotate keys in{" "}
        <Link to="?section=api-keys" className="font-medium text-brand-700 underline underline-offset-4">
          API Keys
        </Link>
        . A key is shown once: store it in your server&apos;s secrets, never in a browser or an app.
      </p>
    </div>
  );
}

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-green-100 text-green-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

function EndpointsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {API_ENDPOINT_GROUPS.map((group) => (
        <div key={group.title}>
          <h3 className="font-semibold text-slate-900">{group.title}</h3>
          <ul className="mt-2 space-y-2">
            {group.endpoints.map((endpoint) => (
              <li key={`${endpoint.method} ${endpoint.path}`} className="text-sm">
                <span className="flex flex-wrap items-center gap-2">
                  <span className={`w-16 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold ${METHOD_STYLES[endpoint.method] ?? ""}`}>
                    {endpoint.method}
                  </span>
                  <code className="font-mono break-all text-slate-900">{endpoint.path}</code>
                </span>
                <span className="mt-0.5 block text-slate-600">{endpoint.summary}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function ExamplesTab() {
  const curl = `curl ${apiOrigin()}/v1/whoami \\\n  -H "Authorization: Bearer $SLUICE_API_KEY"`;
  return (
    <div className="space-y-4 leading-relaxed text-slate-700">
      <p>Check a key: the answer names the key&apos;s mode and permission and its account. Each answer&apos;s rate-limit headers show where you stand.</p>
      <CodeBlock title="cURL" code={curl} copyable />
      <p>
        Try every endpoint with your own key in the{" "}
        <Link to="/playground" className="font-medium text-brand-700 underline underline-offset-4">
          playground
        </Link>
        .
      </p>
    </div>
  );
}

function ErrorCodesTab() {
  return (
    <div className="space-y-4 text-slate-700">
      <p className="leading-relaxed">
        Errors answer <Code>{'{"error": {"code", "message", "details", "request_id"}}'}</Code>.
      </p>
      <ul className="divide-y divide-slate-100 text-sm">
        {API_ERROR_CODES.map((code) => (
          <li key={code} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
            <span className="w-10 font-mono font-semibold text-slate-900">{ERROR_CATALOGUE[code].status}</span>
            <code className="font-mono font-semibold break-all text-slate-900">{code}</code>
            <span className="basis-full text-slate-600 sm:basis-auto">{ERROR_CATALOGUE[code].message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

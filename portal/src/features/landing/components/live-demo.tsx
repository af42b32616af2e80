import { CodeBlock } from "../../../components/ui/code-block";
import { SAMPLE_ANALYSIS_RESPONSE, SAMPLE_ANALYZE_PATH, SAMPLE_ANALYZE_REQUEST } from "../lib/analytics-sample";
import { formatCompactJson } from "../lib/compact-json";

const DISPLAY_DECIMALS = 4;

const REQUEST_TEXT = [
  `POST ${SAMPLE_ANALYZE_PATH}`,
  "Authorization: Bearer sk_test_YOUR_KEY",
  "Content-Type: application/json",
  "",
  formatCompactJson(SAMPLE_ANALYZE_REQUEST),
].join("\n");

/** About as many characters as the response panel shows on a wide screen. */
const RESPONSE_TEXT = formatCompactJson(SAMPLE_ANALYSIS_RESPONSE, { maxDecimals: DISPLAY_DECIMALS, lineWidth: 78 });

/** A static sample (not interactive): one real analytics request and the API's answer, side by side. */
export function LiveDemo() {
  return (
    <section aria-labelledby="live-demo-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="max-w-2xl">
          <h2 id="live-demo-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Try Our Data Analytics API Live
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Send rows of data and the analysis you want. Eight days of revenue come back as a trend with its significance, the growth
            rate, and a chart ready to draw.
          </p>
        </div>
        <div className="mt-10 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          {/* The request stays in view beside the longer response. */}
          <CodeBlock title="Request" code={REQUEST_TEXT} className="lg:sticky lg:top-24" />
          <div className="min-w-0">
            <CodeBlock title="Response · 200 OK" code={RESPONSE_TEXT} />
            <p className="mt-3 text-sm text-slate-600">Numbers are shortened to {DISPLAY_DECIMALS} decimals here; the API returns full precision.</p>
          </div>
        </div>
      </div>
    </section>
  );
}

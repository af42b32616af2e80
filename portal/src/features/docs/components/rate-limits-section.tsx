import { PLAN_CATALOGUE, TEST_MODE_LIMITS, UNLIMITED } from "../../../../../core/plans";
import { CodeBlock } from "../../../components/ui/code-block";
import { RATE_LIMITED_EXAMPLE, RATE_LIMIT_HEADERS } from "../lib/rate-limit-examples";
import { DocSection, DocSubheading, InlineCode } from "./doc-section";
import { DocTable } from "./doc-table";

const numbers = new Intl.NumberFormat("en-US");

function limit(value: number): string {
  return value === UNLIMITED ? "Unlimited" : numbers.format(value);
}

export function RateLimitsSection() {
  return (
    <DocSection id="rate-limits" title="Rate limits">
      <p>
        Each request is checked against your plan's requests per minute (a sliding window), your account's monthly quota
        (calendar month, UTC) and, if the key has one, the key's own monthly cap. Every authenticated answer, successes and
        refusals alike, tells you where you stand:
      </p>
      <DocTable
        caption="Rate-limit headers"
        columns={["Header", "Meaning"]}
        rows={RATE_LIMIT_HEADERS.map(([name, meaning]) => [<InlineCode key="h">{name}</InlineCode>, meaning])}
      />
      <DocSubheading>Limits per plan</DocSubheading>
      <DocTable
        caption="Limits per plan"
        columns={["Plan", "Requests per minute", "Requests per month"]}
        rows={[
          ...PLAN_CATALOGUE.map((plan) => [plan.display_name, numbers.format(plan.rate_limit_per_minute), limit(plan.request_limit)]),
          ["Test keys (any plan)", numbers.format(TEST_MODE_LIMITS.perMinute), numbers.format(TEST_MODE_LIMITS.perMonth)],
        ]}
      />
      <DocSubheading>Your usage this month</DocSubheading>
      <p>
        <InlineCode>GET /v1/usage</InlineCode> answers the requests used and allowed this month for the mode of the key you call
        it with, per endpoint category, and the data processed. A test key sees only test requests and a live key only live
        ones; the per-category counts add up to <InlineCode>requests_used</InlineCode>.
      </p>
      <DocSubheading>When you hit a limit</DocSubheading>
      <p>
        The answer is <InlineCode>429</InlineCode> with <InlineCode>RATE_LIMITED</InlineCode> (the per-minute rate) or{" "}
        <InlineCode>QUOTA_EXCEEDED</InlineCode> (the monthly quota, the key's cap or the data allowance), and a{" "}
        <InlineCode>Retry-After</InlineCode> header. Wait at least that long; if you retry more than once, double the wait each time
        and add some randomness so that your clients do not retry in step. Requests answered with a 5xx error are not counted.
      </p>
      <CodeBlock title="Response · 429 Too Many Requests" code={RATE_LIMITED_EXAMPLE} />
    </DocSection>
  );
}

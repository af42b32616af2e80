import { TEST_MODE_LIMITS } from "../../../../../core/plans";
import { CodeBlock } from "../../../components/ui/code-block";
import { DocSection, DocSubheading, InlineCode } from "./doc-section";
import { DocTable } from "./doc-table";

const numbers = new Intl.NumberFormat("en-US");

export function AuthenticationSection() {
  return (
    <DocSection id="authentication" title="Authentication">
      <p>
        Send your API key as a bearer token in the <InlineCode>Authorization</InlineCode> header of every request. Keys are secrets:
        keep them on your servers, never in a browser or a mobile app. Sluice stores only a hash, so a lost key cannot be shown
        again; rotate it from the dashboard instead.
      </p>
      <CodeBlock title="Header" code="Authorization: Bearer sk_test_…" />
      <DocSubheading>Test and live keys</DocSubheading>
      <DocTable
        caption="API key kinds"
        columns={["Prefix", "Mode", "What it does"]}
        rows={[
          [
            <InlineCode key="p">sk_test_</InlineCode>,
            "Test",
            `Runs workflows dry: e-mails go to an outbox, HTTP and chat calls are recorded, not sent, and webhook events go to test endpoints only. Its own limits (${TEST_MODE_LIMITS.perMinute} requests a minute, ${numbers.format(TEST_MODE_LIMITS.perMonth)} a month); never uses your paid quota.`,
          ],
          [<InlineCode key="p">sk_live_</InlineCode>, "Live", "Real runs against your plan's rate limit and monthly quota."],
          [<InlineCode key="p">ak_</InlineCode>, "Live", "Keys imported from the previous platform; they work as live keys."],
        ]}
      />
      <p>
        Test and live data are separate: a test key sees only workflows, executions and analyses created with test keys, and a
        live key only live ones (a workflow of the other mode answers <InlineCode>404</InlineCode>). Webhook endpoints belong to
        the account and are shared by both.
      </p>
      <DocSubheading>Permissions</DocSubheading>
      <DocTable
        caption="API key permissions"
        columns={["Permission", "Allows"]}
        rows={[
          [<InlineCode key="p">read</InlineCode>, "GET requests only."],
          [<InlineCode key="p">write</InlineCode>, "Every workflow, execution, dataset and analysis operation."],
          [<InlineCode key="p">admin</InlineCode>, "Everything, plus account operations such as managing webhook endpoints."],
        ]}
      />
      <p>
        A key can also carry its own monthly cap, counted separately from the account's quota. A missing, mistyped (the last six
        characters are a checksum), revoked or expired key answers <InlineCode>401 UNAUTHORIZED</InlineCode>; a key without the
        permission answers <InlineCode>403 FORBIDDEN</InlineCode>. Neither is counted against your quota.
      </p>
    </DocSection>
  );
}

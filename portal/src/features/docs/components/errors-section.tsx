import { CodeBlock } from "../../../components/ui/code-block";
import { ERROR_BODY_EXAMPLE, apiErrorRows } from "../lib/api-errors";
import { DocSection, InlineCode } from "./doc-section";
import { DocTable } from "./doc-table";

export function ErrorsSection() {
  return (
    <DocSection id="errors" title="Errors">
      <p>
        Errors use standard HTTP statuses and one JSON shape: a stable <InlineCode>code</InlineCode> to branch on, a readable{" "}
        <InlineCode>message</InlineCode>, <InlineCode>details</InlineCode> naming each invalid field, and the{" "}
        <InlineCode>request_id</InlineCode> (also the <InlineCode>X-Request-Id</InlineCode> header) to quote when you contact us.
      </p>
      <CodeBlock title="Response · 422 Unprocessable Entity" code={ERROR_BODY_EXAMPLE} />
      <DocTable
        caption="Error codes"
        wide
        columns={["Status", "Code", "Message", "What to do"]}
        rows={apiErrorRows().map((row) => [row.status, <InlineCode key="code">{row.code}</InlineCode>, row.message, row.guidance])}
      />
    </DocSection>
  );
}

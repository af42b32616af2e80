import { ACTION_DEFINITIONS } from "../../../../../core/contracts/actions/action-registry";
import { EXECUTION_STATUSES, type TriggerType } from "../../../../../core/contracts/workflows";
import { describeInterval, PLAN_CATALOGUE } from "../../../../../core/plans";
import { CodeBlock } from "../../../components/ui/code-block";
import { CodeTabs } from "../../../components/ui/code-tabs";
import {
  CREATED_WORKFLOW_RESPONSE,
  CREATE_WORKFLOW_REQUEST,
  EXECUTE_WORKFLOW_REQUEST,
  EXECUTION_PAGE_RESPONSE,
  EXECUTION_STARTED_RESPONSE,
  LIST_EXECUTIONS_REQUEST,
} from "../lib/api-examples";
import { requestSamples } from "../lib/request-samples";
import { DocSection, DocSubheading, InlineCode } from "./doc-section";
import { DocTable } from "./doc-table";

const TRIGGERS: Record<TriggerType, string> = {
  webhook: "POST any JSON to the workflow's webhook_url (no API key: the URL holds a secret); the body becomes trigger data.",
  schedule: "A cron expression and an IANA time zone, e.g. 0 9 * * 1-5 in Europe/Berlin.",
  manual: "Only runs when you call POST /v1/workflows/{id}/execute (any workflow can be run this way).",
};

/** "Free every 15 minutes, Starter every 5 minutes, …" from the plan catalogue (sold plans, one entry per minimum and name). */
const SCHEDULE_MINIMUMS = [...new Map(PLAN_CATALOGUE.map((plan) => [plan.display_name.replace(/ [\d.]+[KM]$/, ""), plan.min_schedule_interval_seconds])).entries()]
  .map(([name, seconds]) => `${name} every ${describeInterval(seconds)}`)
  .join(", ");

const ACTIONS = Object.fromEntries(ACTION_DEFINITIONS.map((action) => [action.type, action.description]));

function list(rows: Record<string, string>) {
  return Object.entries(rows).map(([name, text]) => [<InlineCode key="name">{name}</InlineCode>, text]);
}

export function WorkflowsSection({ origin }: { origin: string }) {
  return (
    <DocSection id="workflows" title="Workflows">
      <p>
        A workflow is one trigger and an ordered list of up to 50 actions. Strings in an action's config may use templates:{" "}
        <InlineCode>{"{{trigger.data.email}}"}</InlineCode> reads the trigger data and{" "}
        <InlineCode>{"{{steps.<name>.output.status}}"}</InlineCode> the output of an earlier step. Templates only look values up;
        nothing is evaluated. Saving checks every reference: another root (<InlineCode>{"{{process.env.X}}"}</InlineCode>), a{" "}
        <InlineCode>constructor</InlineCode> or <InlineCode>__proto__</InlineCode> segment, or a step that does not run earlier is{" "}
        <InlineCode>422</InlineCode> naming the field, such as <InlineCode>actions.1.config.url</InlineCode>.
      </p>
      <DocTable caption="Trigger types" columns={["Trigger", "Runs when"]} rows={list(TRIGGERS)} />
      <p>
        A schedule fires at most once per the plan's minimum interval: {SCHEDULE_MINIMUMS}. Six-field crons (seconds first) are held
        to it too, and the gap is measured in the schedule's time zone, clock changes included; a faster cron is{" "}
        <InlineCode>422</InlineCode> on <InlineCode>trigger.config.cron</InlineCode>. After a downgrade, existing schedules keep
        firing at most once per the new minimum.
      </p>
      <DocTable caption="Action types" columns={["Action", "What it does"]} rows={list(ACTIONS)} />
      <DocSubheading>Create a workflow</DocSubheading>
      <CodeTabs label="Create a workflow: language" tabs={requestSamples(CREATE_WORKFLOW_REQUEST, origin)} />
      <CodeBlock title="Response" code={CREATED_WORKFLOW_RESPONSE} />
      <DocSubheading>Change it</DocSubheading>
      <p>
        <InlineCode>PUT /v1/workflows/{"{id}"}</InlineCode> replaces the fields given; <InlineCode>PATCH</InlineCode> does the same but
        merges <InlineCode>trigger</InlineCode> into the stored one, so{" "}
        <InlineCode>{'{"trigger": {"config": {"cron": "0 * * * *"}}}'}</InlineCode> keeps the time zone. The webhook URL never changes.
      </p>
      <DocSubheading>Run it</DocSubheading>
      <p>
        Executing answers <InlineCode>202 Accepted</InlineCode> at once with a <InlineCode>queued</InlineCode> execution. Send an{" "}
        <InlineCode>Idempotency-Key</InlineCode> so that a retried request within 24 hours returns the same execution instead of
        starting another.
      </p>
      <CodeTabs label="Execute a workflow: language" tabs={requestSamples(EXECUTE_WORKFLOW_REQUEST, origin)} />
      <CodeBlock title="Response" code={EXECUTION_STARTED_RESPONSE} />
      <p>
        Follow it with <InlineCode>GET /v1/executions/{"{id}"}</InlineCode>: its status moves through{" "}
        {EXECUTION_STATUSES.map((status, index) => (
          <span key={status}>
            {index > 0 && (index === EXECUTION_STATUSES.length - 1 ? " or " : ", ")}
            <InlineCode>{status}</InlineCode>
          </span>
        ))}
        , and every step shows its input, output, attempts and error. Its <InlineCode>attempt_history</InlineCode> lists each
        attempt's start, duration and outcome and, for HTTP and chat steps, the target's status, a few headers (content-type,
        retry-after, x-request-id…) and the first 2 KiB of its body, failures included. Failed steps are retried with back-off;
        an execution can be cancelled or re-run. Or subscribe a webhook endpoint to <InlineCode>workflow.completed</InlineCode>,{" "}
        <InlineCode>workflow.failed</InlineCode> and <InlineCode>workflow.cancelled</InlineCode> instead of polling.
      </p>
      <DocSubheading>List executions across workflows</DocSubheading>
      <p>
        <InlineCode>GET /v1/executions</InlineCode> lists the executions of all your workflows, newest first, of the key's mode only: a
        test key sees test runs, a live key live ones. Filter with <InlineCode>status</InlineCode> (one or several, separated by
        commas), <InlineCode>workflow_id</InlineCode>, and <InlineCode>created_after</InlineCode> or{" "}
        <InlineCode>created_before</InlineCode> (ISO 8601 dates or times); <InlineCode>limit</InlineCode> is 1 to 100 (20 by default).
        While <InlineCode>has_more</InlineCode> is true, ask again with <InlineCode>cursor</InlineCode> set to{" "}
        <InlineCode>next_cursor</InlineCode>: runs started meanwhile never shift a page, so each execution is listed once. An unknown
        parameter or a cursor that was not given to you is <InlineCode>400</InlineCode>.
      </p>
      <CodeTabs label="List executions: language" tabs={requestSamples(LIST_EXECUTIONS_REQUEST, origin)} />
      <CodeBlock title="Response" code={EXECUTION_PAGE_RESPONSE} />
    </DocSection>
  );
}

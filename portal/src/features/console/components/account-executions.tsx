import { History, RefreshCw } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { EXECUTION_STATUSES } from "../../../../../core/contracts/workflows";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/choice-fields";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/section-states";
import { useNow } from "../../../hooks/use-now";
import { useRemote } from "../../../hooks/use-remote";
import { listWorkflows, type ExecutionFilters } from "../api/workflows-api";
import { useAccountExecutions } from "../hooks/use-account-executions";
import { EXECUTION_STATUS_LABELS, workflowLabel, type WorkflowMode } from "../lib/workflow-display";
import { ExecutionItem } from "./executions-panel";

const ALL: ExecutionFilters = { status: "all", workflowId: "all" };
const STATUS_OPTIONS = [{ value: "all", label: "All statuses" }, ...EXECUTION_STATUSES.map((status) => ({ value: status, label: EXECUTION_STATUS_LABELS[status] }))];
const isStatus = (value: string): value is ExecutionFilters["status"] => value === "all" || EXECUTION_STATUSES.some((status) => status === value);

/** Every workflow's executions of one mode, newest first, filtered by status and workflow, a page at a time. */
export function AccountExecutions({ mode }: { mode: WorkflowMode }) {
  const [filters, setFilters] = useState<ExecutionFilters>(ALL);
  const loadWorkflows = useCallback((signal: AbortSignal) => listWorkflows(mode, signal), [mode]);
  // Names for the rows and the filter; without them, rows name workflows by id.
  const { state: workflows } = useRemote(loadWorkflows);
  const names = useMemo(() => new Map(workflows.status === "ready" ? workflows.data.map((workflow) => [workflow.id, workflow.name]) : []), [workflows]);
  const workflowOptions = [{ value: "all", label: "All workflows" }, ...[...names].map(([id, name]) => ({ value: id, label: name }))];

  return (
    <div className="mt-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          name="status"
          label="Status"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(event) => {
            const status = event.target.value;
            if (isStatus(status)) setFilters((current) => ({ ...current, status }));
          }}
        />
        <SelectField
          name="workflow"
          label="Workflow"
          options={workflowOptions}
          value={filters.workflowId}
          onChange={(event) => setFilters((current) => ({ ...current, workflowId: event.target.value }))}
        />
      </div>
      {/* A fresh list per filter: rows of the previous filter are never shown under the new one. */}
      <ExecutionList key={`${filters.status} ${filters.workflowId}`} mode={mode} filters={filters} names={names} />
    </div>
  );
}

function ExecutionList({ mode, filters, names }: { mode: WorkflowMode; filters: ExecutionFilters; names: ReadonlyMap<string, string> }) {
  const { state, reload, loadMore, loadingMore, replace } = useAccountExecutions(mode, filters);
  const now = useNow(30_000);
  const filtered = filters.status !== "all" || filters.workflowId !== "all";

  if (state.status === "loading") return <div className="mt-6"><LoadingState label="Loading executions..." /></div>;
  if (state.status === "error") return <div className="mt-6"><ErrorState title="The executions could not be loaded." onRetry={() => reload(true)} /></div>;
  const { executions, nextCursor } = state.data;
  return (
    <div className="mt-6">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900" aria-live="polite">
          {executions.length === 1 ? "1 execution" : `${executions.length} executions`}
          {nextCursor !== null ? " so far" : ""}
        </h3>
        <Button size="sm" variant="ghost" onClick={() => reload()} aria-label="Refresh executions">
          <RefreshCw aria-hidden className="size-4" />
          Refresh
        </Button>
      </div>
      {executions.length === 0 ? (
        <div className="mt-3">
          <EmptyState icon={<History />} title={filtered ? "No executions match these filters" : "No executions yet"}>
            <p>{filtered ? "Choose another status or workflow, or show all of them." : "Run a workflow, or trigger it, and its executions appear here, newest first."}</p>
          </EmptyState>
        </div>
      ) : (
        <ul aria-label="Executions" className="mt-3 space-y-3">
          {executions.map((execution) => (
            <li key={execution.id}>
              <ExecutionItem execution={execution} workflowName={workflowLabel(execution.workflow_id, names)} mode={mode} now={now} onChanged={replace} />
            </li>
          ))}
        </ul>
      )}
      {nextCursor !== null && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? "Loading..." : "Load more"}
          </Button>
        </div>
      )}
    </div>
  );
}

import { Workflow as WorkflowIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { ButtonLink } from "../../../components/ui/button";
import { useNow } from "../../../hooks/use-now";
import { useWorkflows } from "../hooks/use-workflows";
import type { WorkflowMode } from "../lib/workflow-display";
import { ModeSwitch } from "../../../components/ui/mode-switch";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/section-states";
import { ToggleGroup } from "../../../components/ui/toggle-group";
import { AccountExecutions } from "./account-executions";
import { WorkflowCard } from "./workflow-card";

type WorkflowsView = "workflows" | "executions";

const VIEWS: ReadonlyArray<{ value: WorkflowsView; label: string }> = [
  { value: "workflows", label: "Workflows" },
  { value: "executions", label: "Executions" },
];

const MODE_NOTES: Record<WorkflowMode, string> = {
  live: "Workflows created with live keys.",
  test: "Workflows created with test keys: they run dry, so e-mail goes to the outbox and HTTP and chat calls are recorded, not sent.",
};

/**
 * The dashboard's workflows: each with its status, trigger and last run; recent executions step by
 * step; run now, enable or disable. Or every workflow's executions in one list, filtered.
 */
export function WorkflowsSection() {
  const [mode, setMode] = useState<WorkflowMode>("live");
  const [view, setView] = useState<WorkflowsView>("workflows");

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl leading-relaxed text-slate-600">
          Your workflows, their recent runs and each step's input, output and errors. {MODE_NOTES[mode]}
        </p>
        <ModeSwitch mode={mode} onChange={setMode} label="Workflow mode" />
      </div>

      <div className="mt-6">
        <ToggleGroup options={VIEWS} value={view} onChange={setView} label="Show" />
      </div>

      {/* A fresh list per mode: nothing of the other mode is shown (or asked for) while the new one loads. */}
      {view === "workflows" ? <WorkflowList key={mode} mode={mode} /> : <AccountExecutions key={mode} mode={mode} />}
    </div>
  );
}

function WorkflowList({ mode }: { mode: WorkflowMode }) {
  const { state, reload, changeStatus, run } = useWorkflows(mode);
  const now = useNow(30_000);
  const refresh = useCallback(() => reload(), [reload]);
  return (
    <div className="mt-6">
      {state.status === "loading" && <LoadingState label="Loading workflows..." />}
      {state.status === "error" && <ErrorState title="Your workflows could not be loaded." onRetry={() => reload(true)} />}
      {state.status === "ready" && state.data.length === 0 && <NoWorkflows mode={mode} />}
      {state.status === "ready" && state.data.length > 0 && (
        <ul className="space-y-4">
          {state.data.map((workflow) => (
            <li key={workflow.id}>
              <WorkflowCard workflow={workflow} mode={mode} now={now} changeStatus={changeStatus} run={run} refreshWorkflows={refresh} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NoWorkflows({ mode }: { mode: WorkflowMode }) {
  return (
    <EmptyState
      icon={<WorkflowIcon />}
      title={mode === "live" ? "No workflows yet" : "No test workflows yet"}
      actions={
        <>
          <ButtonLink to="/api-docs#workflows">Read the workflow docs</ButtonLink>
          <ButtonLink to="/playground" variant="secondary">
            Try the playground
          </ButtonLink>
        </>
      }
    >
      <p>
        Create workflows with the API using a {mode} key: a trigger (webhook, schedule or manual) and the actions to run. They appear here with their
        runs.
      </p>
    </EmptyState>
  );
}

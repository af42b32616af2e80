import { useCallback } from "react";
import { toast } from "sonner";
import type { WorkflowStatus } from "../../../../../core/contracts/workflows";
import { useRemote } from "../../../hooks/use-remote";
import type { ExecutionStarted } from "../../../../../core/contracts/workflow-responses";
import { executeWorkflow, listWorkflows, setWorkflowStatus } from "../api/workflows-api";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";
import type { WorkflowMode } from "../lib/workflow-display";

/** The signed-in user's workflows of one mode, and the calls that change them. */
export function useWorkflows(mode: WorkflowMode) {
  const load = useCallback((signal: AbortSignal) => listWorkflows(mode, signal), [mode]);
  const { state, reload, update } = useRemote(load, (error) =>
    toast.error(CONSOLE_MESSAGES.workflowsFetchFailed, { id: "workflows-fetch", description: failureDescription(error) }),
  );

  const changeStatus = useCallback(
    async (id: string, status: WorkflowStatus): Promise<void> => {
      const changed = await setWorkflowStatus(id, status, mode);
      update((workflows) => workflows.map((workflow) => (workflow.id === id ? changed : workflow)));
    },
    [mode, update],
  );

  /** Starts a run; the list is read again for the workflow's new last run and count. */
  const run = useCallback(
    async (id: string): Promise<ExecutionStarted> => {
      const started = await executeWorkflow(id, mode);
      reload();
      return started;
    },
    [mode, reload],
  );

  return { state, reload, changeStatus, run };
}

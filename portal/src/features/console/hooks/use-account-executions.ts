import { useCallback, useState } from "react";
import { toast } from "sonner";
import type { ExecutionSummary } from "../../../../../core/contracts/workflow-responses";
import { useRemote } from "../../../hooks/use-remote";
import { failureDescription } from "../../../lib/api-client";
import { getExecution, listAccountExecutions, type ExecutionFilters } from "../api/workflows-api";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { isUnfinished, type WorkflowMode } from "../lib/workflow-display";
import { usePolling } from "./use-polling";

/** At most this many unfinished executions are read again at each poll (the newest shown). */
const POLLED_EXECUTIONS = 10;

interface LoadedExecutions {
  executions: ExecutionSummary[];
  /** Where the next page starts; null once every matching execution is shown. */
  nextCursor: string | null;
}

/** The account's executions of one mode and filters, newest first, a page at a time. */
export function useAccountExecutions(mode: WorkflowMode, filters: ExecutionFilters) {
  const { status, workflowId } = filters;
  const load = useCallback(
    async (signal: AbortSignal): Promise<LoadedExecutions> => {
      const page = await listAccountExecutions(mode, { status, workflowId }, null, signal);
      return { executions: page.executions, nextCursor: page.next_cursor };
    },
    [mode, status, workflowId],
  );
  const { state, reload, update } = useRemote(load, (error) =>
    toast.error(CONSOLE_MESSAGES.executionsFetchFailed, { id: "account-executions", description: failureDescription(error) }),
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const nextCursor = state.status === "ready" ? state.data.nextCursor : null;

  const loadMore = useCallback(async () => {
    if (nextCursor === null) return;
    setLoadingMore(true);
    try {
      const page = await listAccountExecutions(mode, { status, workflowId }, nextCursor);
      update((loaded) => {
        // A page asked for twice (a double click) adds nothing twice.
        const known = new Set(loaded.executions.map((execution) => execution.id));
        return { executions: [...loaded.executions, ...page.executions.filter((execution) => !known.has(execution.id))], nextCursor: page.next_cursor };
      });
    } catch (error) {
      toast.error(CONSOLE_MESSAGES.moreExecutionsFailed, { description: failureDescription(error) });
    }
    setLoadingMore(false);
  }, [mode, status, workflowId, nextCursor, update]);

  /** An execution changed by an action in its row (a cancel), replaced in place. */
  const replace = useCallback(
    (changed: ExecutionSummary) =>
      update((loaded) => ({ ...loaded, executions: loaded.executions.map((execution) => (execution.id === changed.id ? changed : execution)) })),
    [update],
  );

  // Unfinished executions are read again one by one, wherever they are in the pages shown.
  const unfinished = state.status === "ready" ? state.data.executions.filter((execution) => isUnfinished(execution.status)).map((execution) => execution.id) : [];
  const polled = unfinished.slice(0, POLLED_EXECUTIONS).join(" ");
  const refreshUnfinished = useCallback(() => {
    for (const id of polled.split(" ").filter(Boolean)) {
      getExecution(id, mode).then(
        ({ steps: _, ...summary }) => replace(summary),
        () => {}, // The next poll tries again; the row keeps what it showed.
      );
    }
  }, [polled, mode, replace]);
  usePolling(polled !== "", refreshUnfinished);

  return { state, reload, loadMore, loadingMore, replace };
}

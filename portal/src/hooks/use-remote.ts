import { useCallback, useEffect, useRef, useState } from "react";

/** Data read from the API: loading, then ready or error. */
export type RemoteState<T> = { status: "loading" } | { status: "error" } | { status: "ready"; data: T };

/**
 * Loads `load` (a stable function) on mount and again on `reload`. A failed reload keeps data
 * already shown; `reload(true)` shows the loading state first (a retry after an error).
 * `onError` reports a failure (a toast, say); `update` changes the loaded data in place.
 */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, onError?: (error: unknown) => void) {
  const [state, setState] = useState<RemoteState<T>>({ status: "loading" });
  /** Bumped to load again. */
  const [generation, setGeneration] = useState(0);
  const reportError = useRef(onError);
  useEffect(() => {
    reportError.current = onError;
  });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ status: "ready", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError.current?.(error);
        setState((current) => (current.status === "ready" ? current : { status: "error" }));
      },
    );
    return () => controller.abort();
  }, [load, generation]);

  const reload = useCallback((showLoading = false) => {
    if (showLoading) setState({ status: "loading" });
    setGeneration((value) => value + 1);
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    setState((current) => (current.status === "ready" ? { status: "ready", data: change(current.data) } : current));
  }, []);

  return { state, reload, update };
}

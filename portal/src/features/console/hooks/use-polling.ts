import { useEffect } from "react";

/** How often a panel with unfinished executions or deliveries is read again. */
export const POLL_INTERVAL_MS = 3_000;

/** Calls `refresh` every `intervalMs` while `active` (something is still on its way). */
export function usePolling(active: boolean, refresh: () => void, intervalMs = POLL_INTERVAL_MS): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(refresh, intervalMs);
    return () => clearInterval(timer);
  }, [active, refresh, intervalMs]);
}

import { useEffect } from "react";
import { useRemote } from "../../../hooks/use-remote";
import { getStatusPage } from "../api/status-api";

/** How often the page reloads the status while it is visible. */
export const STATUS_REFRESH_MS = 60_000;

/** The live status, reloaded every minute (a failed reload keeps what is shown). */
export function useStatusPage() {
  const { state, reload } = useRemote(getStatusPage);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") reload();
    }, STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  return { state, retry: () => reload(true) };
}

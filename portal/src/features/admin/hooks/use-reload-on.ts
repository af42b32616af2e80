import { useEffect, useRef } from "react";

/**
 * Calls `reload` whenever `version` changes after the first render: panels load again after an
 * action elsewhere on the dashboard (a payment completed changes the users, stats and billing).
 */
export function useReloadOn(version: number, reload: () => void): void {
  const initial = useRef(version);
  useEffect(() => {
    if (version !== initial.current) reload();
  }, [version, reload]);
}

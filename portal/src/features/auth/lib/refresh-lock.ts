/** The Web Locks name every tab of this origin takes before refreshing the session. */
export const REFRESH_LOCK_NAME = "sluice-refresh";

/**
 * Runs `task` while holding the cross-tab refresh lock, so two tabs never present the same
 * refresh token (the server reads a reused token as theft and ends the session). Browsers
 * without Web Locks run it directly; the server tolerates a near-simultaneous reuse briefly.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return task();
  return locks.request(REFRESH_LOCK_NAME, task);
}

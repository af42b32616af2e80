/**
 * When to renew the access token (DESIGN section 3: 15-minute access tokens, rotating refresh
 * tokens). Times are milliseconds on the browser's clock; the server's expiry is converted with the
 * clock offset measured from its Date header, so a browser clock that is minutes off still
 * refreshes in time and never loops.
 */

/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 90_000;
/** Besides the timer (which browsers throttle in background tabs), check this often. */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
/** Never refresh sooner than this after receiving a token, whatever the numbers say. */
export const MIN_REFRESH_SPACING_MS = 10_000;
/** Assumed lifetime when the server's expiry cannot be read. */
export const DEFAULT_ACCESS_LIFETIME_MS = 15 * 60_000;
/** setTimeout's largest delay; longer delays fire at once. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

export interface AccessWindow {
  /** When the token arrived (browser clock). */
  receivedAt: number;
  /** When it expires (browser clock). */
  expiresAt: number;
}

/**
 * The browser clock minus the server clock, from the server's Date header (whole seconds), so that
 * `serverTime + offset` is the same instant on the browser's clock. 0 without a readable header.
 */
export function clockOffsetFrom(dateHeader: string | null, receivedAt: number): number {
  if (!dateHeader) return 0;
  const serverTime = Date.parse(dateHeader);
  return Number.isNaN(serverTime) ? 0 : receivedAt - serverTime;
}

/** The access window of a token that expires at `accessExpiresAt` (server time, ISO 8601). */
export function accessWindowFrom(accessExpiresAt: string, receivedAt: number, clockOffsetMs: number): AccessWindow {
  const serverExpiry = Date.parse(accessExpiresAt);
  const expiresAt = Number.isNaN(serverExpiry) ? receivedAt + DEFAULT_ACCESS_LIFETIME_MS : serverExpiry + clockOffsetMs;
  return { receivedAt, expiresAt };
}

/**
 * The moment to refresh: REFRESH_LEAD_MS before expiry, or halfway through a token's life when
 * that life is shorter than twice the lead; never sooner than MIN_REFRESH_SPACING_MS after receipt.
 */
export function refreshDueAt({ receivedAt, expiresAt }: AccessWindow): number {
  const lifetime = Math.max(0, expiresAt - receivedAt);
  return Math.max(receivedAt + MIN_REFRESH_SPACING_MS, expiresAt - Math.min(REFRESH_LEAD_MS, lifetime / 2));
}

export function isRefreshDue(window: AccessWindow, now: number): boolean {
  return now >= refreshDueAt(window);
}

/** Milliseconds until the refresh is due (0 when overdue), usable as a setTimeout delay. */
export function refreshDelay(window: AccessWindow, now: number): number {
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, refreshDueAt(window) - now));
}

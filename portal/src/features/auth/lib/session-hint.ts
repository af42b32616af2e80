import { z } from "zod";

/**
 * A note in localStorage that this browser has a session: who, and when its access token
 * expires. The session itself lives in httpOnly cookies the portal cannot read; the note lets
 * the portal (1) try a refresh on load when the access cookie has already expired but the
 * refresh cookie may still be valid, without bothering the server for every visitor, and
 * (2) keep tabs in step: another tab's sign-in, refresh or sign-out arrives as a storage event.
 */
export const SESSION_HINT_KEY = "sluice-session";

const SessionHintSchema = z.object({ user_id: z.string(), access_expires_at: z.string() });
export type SessionHint = z.infer<typeof SessionHintSchema>;

/** The note in a stored value; null when absent or unreadable. */
export function parseSessionHint(raw: string | null): SessionHint | null {
  if (raw === null) return null;
  try {
    const parsed = SessionHintSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// Storage can be unavailable (disabled, full, sandboxed): the note is then simply absent.

export function readSessionHint(): SessionHint | null {
  try {
    return parseSessionHint(window.localStorage.getItem(SESSION_HINT_KEY));
  } catch {
    return null;
  }
}

export function writeSessionHint(hint: SessionHint): void {
  try {
    const value = JSON.stringify(hint);
    if (window.localStorage.getItem(SESSION_HINT_KEY) !== value) window.localStorage.setItem(SESSION_HINT_KEY, value);
  } catch {
    // ignored: see above
  }
}

export function clearSessionHint(): void {
  try {
    window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // ignored: see above
  }
}

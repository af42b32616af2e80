import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { getMe, type CurrentUser } from "./api/get-me";

export type AuthStatus = "loading" | "signed-in" | "signed-out";

export interface AuthContextValue {
  status: AuthStatus;
  user: CurrentUser | null;
  isAdmin: boolean;
  /** Reads the session again (after signing in or out). */
  refresh: () => Promise<void>;
}

/** Failures other than "signed out" are retried this many times, this far apart (SPEC section 4). */
const MAX_RETRIES = 2;
const RETRY_DELAY_MS = 1_000;

const AuthContext = createContext<AuthContextValue | null>(null);

interface SessionState {
  status: AuthStatus;
  user: CurrentUser | null;
}

function sessionFor(user: CurrentUser | null): SessionState {
  return user ? { status: "signed-in", user } : { status: "signed-out", user: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: "loading", user: null });
  const latest = useRef<AbortController | null>(null);

  /** Starts a session read; an older read still in flight is abandoned. */
  const readSession = useCallback((): { controller: AbortController; done: Promise<CurrentUser | null> } => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    return { controller, done: loadUser(controller.signal) };
  }, []);

  useEffect(() => {
    const { controller, done } = readSession();
    void done.then((user) => {
      if (!controller.signal.aborted) setState(sessionFor(user));
    });
    return () => controller.abort();
  }, [readSession]);

  const refresh = useCallback(async () => {
    const { controller, done } = readSession();
    const user = await done;
    if (!controller.signal.aborted) setState(sessionFor(user));
  }, [readSession]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, isAdmin: state.user?.role === "admin", refresh }),
    [state, refresh],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

/** The current user; null when signed out, or when the session cannot be read after the retries. */
async function loadUser(signal: AbortSignal): Promise<CurrentUser | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await getMe(signal);
    } catch {
      if (signal.aborted) return null;
      // Unreadable after the retries: continue signed out rather than block the site.
      if (attempt >= MAX_RETRIES) return null;
      await wait(RETRY_DELAY_MS, signal);
    }
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

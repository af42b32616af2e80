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

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: AuthStatus; user: CurrentUser | null }>({ status: "loading", user: null });
  const latest = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    const user = await loadUser(controller.signal);
    if (controller.signal.aborted) return;
    setState(user ? { status: "signed-in", user } : { status: "signed-out", user: null });
  }, []);

  useEffect(() => {
    void refresh();
    return () => latest.current?.abort();
  }, [refresh]);

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
    } catch (error) {
      if (signal.aborted) return null;
      if (attempt >= MAX_RETRIES) {
        console.warn("Could not load the session; continuing signed out.", error);
        return null;
      }
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

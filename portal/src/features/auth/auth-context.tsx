import { createContext, use, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from "react";
import type { AuthUser, MessageResponse, Role } from "../../../../core/contracts/auth";
import type { SignInRequest, SignUpRequest } from "../../../../core/contracts/auth-requests";
import { isApiError } from "../../lib/api-client";
import {
  accessWindowOf,
  getAuthUser,
  refreshSession,
  signInWithPassword,
  signOutEverywhere,
  signUpWithPassword,
} from "./api/auth-api";
import { withRefreshLock } from "./lib/refresh-lock";
import { REFRESH_CHECK_INTERVAL_MS, isRefreshDue, refreshDelay, type AccessWindow } from "./lib/refresh-schedule";
import { SESSION_HINT_KEY, clearSessionHint, parseSessionHint, readSessionHint, writeSessionHint } from "./lib/session-hint";

export interface AuthContextValue {
  /** True until the first session read has finished (SPEC section 4). */
  loading: boolean;
  user: AuthUser["user"] | null;
  profile: AuthUser["profile"] | null;
  role: Role | null;
  session: AuthUser["session"] | null;
  isAdmin: boolean;
  /** Signs in; rejects with the server's ApiError (INVALID_CREDENTIALS, EMAIL_NOT_CONFIRMED, ...). */
  signIn: (credentials: SignInRequest) => Promise<AuthUser>;
  /** Creates an account; the user stays signed out until the e-mail is confirmed. */
  signUp: (details: SignUpRequest) => Promise<MessageResponse>;
  /** Ends every session of the user; 401, 403 and 404 answers count as success. */
  signOut: () => Promise<void>;
  /** Renews the session now; null when it has ended (the user is then signed out). */
  refresh: () => Promise<AuthUser | null>;
  /** Adopts a session the server has just started (e.g. by confirming the e-mail). */
  setAuthenticated: (authUser: AuthUser) => void;
}

/** Failures other than "signed out" are retried this many times, this far apart (SPEC section 4). */
const MAX_RETRIES = 2;
const RETRY_DELAY_MS = 1_000;

interface SessionState {
  loading: boolean;
  current: { authUser: AuthUser; accessWindow: AccessWindow } | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ loading: true, current: null });
  // The same state for callbacks, which must see changes made since their render.
  const stateRef = useRef(state);
  const refreshing = useRef<Promise<AuthUser | null> | null>(null);

  const commit = useCallback((next: SessionState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const adopt = useCallback(
    (authUser: AuthUser) => {
      writeSessionHint({ user_id: authUser.user.id, access_expires_at: authUser.session.access_expires_at });
      commit({ loading: false, current: { authUser, accessWindow: accessWindowOf(authUser) } });
    },
    [commit],
  );

  /** Signed out for good: this tab and, through the storage note, every other tab. */
  const forget = useCallback(() => {
    clearSessionHint();
    commit({ loading: false, current: null });
  }, [commit]);

  /**
   * Refreshes under the cross-tab lock, one refresh at a time in this tab. `onlyIfDue`: first
   * look whether another tab has refreshed meanwhile (its note carries the new expiry).
   */
  const refreshNow = useCallback(
    (onlyIfDue: boolean): Promise<AuthUser | null> => {
      refreshing.current ??= withRefreshLock(async () => {
        const current = stateRef.current.current;
        if (onlyIfDue && current) {
          const adopted = adoptRefreshedElsewhere(current.authUser, readSessionHint()?.access_expires_at, commit);
          if (adopted) return adopted;
        }
        try {
          const authUser = await refreshSession();
          adopt(authUser);
          return authUser;
        } catch (error) {
          if (!isApiError(error) || error.status !== 401) throw error;
          forget();
          return null;
        }
      }).finally(() => {
        refreshing.current = null;
      });
      return refreshing.current;
    },
    [adopt, commit, forget],
  );

  // First read of the session.
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      const outcome = await loadAuthUser(controller.signal);
      if (controller.signal.aborted) return;
      if (outcome === "unavailable") {
        commit({ loading: false, current: null });
      } else if (outcome !== null) {
        adopt(outcome);
      } else if (readSessionHint()) {
        // The access cookie has expired, but the refresh cookie may still be valid.
        await refreshNow(false).catch(() => commit({ loading: false, current: null }));
      } else {
        commit({ loading: false, current: null });
      }
    })();
    return () => controller.abort();
  }, [adopt, commit, refreshNow]);

  // Silent refresh: a timer for the due time, plus periodic and on-focus checks, because
  // browsers throttle timers in background tabs and a sleeping laptop skips them.
  const accessWindow = state.current?.accessWindow ?? null;
  useEffect(() => {
    if (!accessWindow) return;
    const check = () => {
      if (isRefreshDue(accessWindow, Date.now())) refreshNow(true).catch(() => undefined); // retried at the next check
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") check();
    };
    // The timer fires at the due time (give or take a millisecond): refresh without re-checking.
    const timer = setTimeout(() => refreshNow(true).catch(() => undefined), refreshDelay(accessWindow, Date.now()));
    const interval = setInterval(check, REFRESH_CHECK_INTERVAL_MS);
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      clearTimeout(timer);
      clearInterval(interval);
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [accessWindow, refreshNow]);

  // Other tabs: their sign-out, sign-in and refreshes arrive as changes of the storage note.
  const onStorage = useEffectEvent((event: StorageEvent) => {
    if (event.key !== SESSION_HINT_KEY && event.key !== null) return;
    const hint = parseSessionHint(event.newValue);
    const current = stateRef.current.current;
    if (!hint) {
      if (current) commit({ loading: false, current: null });
    } else if (current?.authUser.user.id === hint.user_id) {
      adoptRefreshedElsewhere(current.authUser, hint.access_expires_at, commit);
    } else {
      void getAuthUser().then(
        (authUser) => (authUser ? adopt(authUser) : commit({ loading: false, current: null })),
        () => undefined,
      );
    }
  });
  useEffect(() => {
    const listener = (event: StorageEvent) => onStorage(event);
    window.addEventListener("storage", listener);
    return () => window.removeEventListener("storage", listener);
  }, []);

  const signIn = useCallback(
    async (credentials: SignInRequest) => {
      const authUser = await signInWithPassword(credentials);
      adopt(authUser);
      return authUser;
    },
    [adopt],
  );

  const signOut = useCallback(async () => {
    // A refresh answered after the sign-out would bring the session back on screen.
    await refreshing.current?.catch(() => null);
    await signOutEverywhere();
    forget();
  }, [forget]);

  const refresh = useCallback(() => refreshNow(false), [refreshNow]);

  const value = useMemo<AuthContextValue>(() => {
    const authUser = state.current?.authUser ?? null;
    return {
      loading: state.loading,
      user: authUser?.user ?? null,
      profile: authUser?.profile ?? null,
      role: authUser?.role ?? null,
      session: authUser?.session ?? null,
      isAdmin: authUser?.role === "admin",
      signIn,
      signUp: signUpWithPassword,
      signOut,
      refresh,
      setAuthenticated: adopt,
    };
  }, [state, signIn, signOut, refresh, adopt]);

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

/**
 * When another tab has refreshed (a newer expiry that is not yet due), takes over its expiry
 * instead of refreshing again, and answers the updated user; otherwise null.
 */
function adoptRefreshedElsewhere(
  authUser: AuthUser,
  accessExpiresAt: string | undefined,
  commit: (next: SessionState) => void,
): AuthUser | null {
  if (!accessExpiresAt || accessExpiresAt === authUser.session.access_expires_at) return null;
  const updated: AuthUser = { ...authUser, session: { ...authUser.session, access_expires_at: accessExpiresAt } };
  const accessWindow = accessWindowOf(updated);
  if (isRefreshDue(accessWindow, Date.now())) return null;
  commit({ loading: false, current: { authUser: updated, accessWindow } });
  return updated;
}

/** The user, null when signed out, or "unavailable" when the session cannot be read after the retries. */
async function loadAuthUser(signal: AbortSignal): Promise<AuthUser | null | "unavailable"> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await getAuthUser(signal);
    } catch {
      if (signal.aborted || attempt >= MAX_RETRIES) return "unavailable";
      await wait(RETRY_DELAY_MS, signal);
    }
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

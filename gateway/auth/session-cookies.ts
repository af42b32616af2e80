import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { CSRF_COOKIE } from "../../core/contracts/auth.js";
import { newSecretToken } from "../../core/auth/secret-tokens.js";
import { ACCESS_TOKEN_TTL_SECONDS } from "./access-token.js";
import type { IssuedRefreshToken } from "./sessions.js";

/**
 * The session lives in httpOnly, SameSite=Lax cookies (Secure outside development and tests):
 * the access JWT for every path, the refresh token only for /auth. The CSRF cookie is readable
 * by the portal, which echoes it in a header on state-changing requests.
 */
export const ACCESS_COOKIE = "sluice_access";
export const REFRESH_COOKIE = "sluice_refresh";
const REFRESH_PATH = "/auth";

export interface CookiePolicy {
  secure: boolean;
}

export function setSessionCookies(c: Context, policy: CookiePolicy, access: { token: string }, refresh: IssuedRefreshToken): void {
  setCookie(c, ACCESS_COOKIE, access.token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: policy.secure,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  setCookie(c, REFRESH_COOKIE, refresh.refreshToken, {
    path: REFRESH_PATH,
    httpOnly: true,
    sameSite: "Lax",
    secure: policy.secure,
    // Without "remember me" the cookie ends with the browser session.
    ...(refresh.persistent ? { maxAge: Math.floor((refresh.expiresAt.getTime() - Date.now()) / 1_000) } : {}),
  });
}

export function clearSessionCookies(c: Context, policy: CookiePolicy): void {
  deleteCookie(c, ACCESS_COOKIE, { path: "/", secure: policy.secure });
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_PATH, secure: policy.secure });
}

export const readAccessCookie = (c: Context) => getCookie(c, ACCESS_COOKIE);
export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE);

/** The CSRF token of this browser, issued when missing. */
export function ensureCsrfCookie(c: Context, policy: CookiePolicy): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && /^[\w-]{43}$/.test(existing)) return existing;
  const token = newSecretToken();
  setCookie(c, CSRF_COOKIE, token, { path: "/", httpOnly: false, sameSite: "Lax", secure: policy.secure, maxAge: 30 * 24 * 3_600 });
  return token;
}

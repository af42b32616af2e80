import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { CSRF_COOKIE, CSRF_HEADER } from "../../core/contracts/auth.js";
import { sameToken } from "../../core/auth/secret-tokens.js";
import { AppError } from "../../core/errors.js";
import { ensureCsrfCookie, type CookiePolicy } from "../auth/session-cookies.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Double-submit CSRF protection for cookie-authenticated paths: safe requests get a CSRF
 * cookie; every other request must echo it in the X-CSRF-Token header. A cross-site page can
 * make the browser send our cookies but cannot read them to copy one into a header.
 */
export function csrfProtection(policy: CookiePolicy): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) {
      ensureCsrfCookie(c, policy);
      return next();
    }
    const cookie = getCookie(c, CSRF_COOKIE);
    const header = c.req.header(CSRF_HEADER);
    if (!cookie || !header || !sameToken(cookie, header)) throw new AppError("CSRF_FAILED");
    return next();
  };
}

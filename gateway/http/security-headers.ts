import type { MiddlewareHandler } from "hono";

export type CspDirectives = Record<string, string[]>;

/** Only self-hosted assets: no CDN, no external fonts, no inline scripts. */
export const DEFAULT_CSP: CspDirectives = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // React and chart libraries set style attributes; inline styles cannot run code.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'self'"],
};

export function formatCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Secure headers on every response. A route that needs a different policy (the API reference
 * page allows its own inline script by hash) sets Content-Security-Policy itself; it is kept.
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  const defaultCsp = formatCsp(DEFAULT_CSP);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", defaultCsp);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("X-Frame-Options", "SAMEORIGIN");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Cross-Origin-Resource-Policy", "same-origin");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.hsts) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}

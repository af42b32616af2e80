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

/** Header names are lower-case: they are response defaults (gateway/http/node-bindings.ts). */
export type SecurityHeaders = Readonly<Record<Lowercase<string>, string>>;

const HSTS = { "strict-transport-security": "max-age=31536000; includeSubDomains" } as const;

/**
 * Secure headers on every response (the request middleware sets them before the handler runs).
 * A route that needs another policy (the API reference page allows its own inline script by
 * hash) sets Content-Security-Policy itself, replacing this one.
 */
export function pageSecurityHeaders(options: { hsts: boolean; frameSources?: readonly string[] }): SecurityHeaders {
  // The payment page is framed by /payment-process; only where the provider serves it may be framed.
  const csp: CspDirectives = { ...DEFAULT_CSP, "frame-src": ["'self'", ...(options.frameSources ?? [])] };
  return {
    "content-security-policy": formatCsp(csp),
    "x-content-type-options": "nosniff",
    "x-frame-options": "SAMEORIGIN",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(options.hsts ? HSTS : {}),
  };
}

/**
 * The public API's (/v1) headers: its answers are JSON, never rendered, framed nor navigated
 * from, so they carry what OWASP's REST Security Cheat Sheet lists for APIs (a policy that
 * allows nothing, no sniffing, no framing, HSTS) and not the pages' document policies, which
 * would have nothing to act on (docs/decisions/0013-api-security-headers.md). Node checks every
 * header on every answer, so each one the API does not need is a cost on every request.
 */
export function apiSecurityHeaders(options: { hsts: boolean }): SecurityHeaders {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...(options.hsts ? HSTS : {}),
  };
}

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
 * Secure headers on every response (the request middleware sets them before the handler runs).
 * A route that needs another policy (the API reference page allows its own inline script by
 * hash) sets Content-Security-Policy itself, replacing this one.
 */
export function securityHeaderList(options: { hsts: boolean; frameOrigins?: string[] }): ReadonlyArray<readonly [string, string]> {
  // The payment page is framed by /payment-process; only the provider's origin may be framed.
  const csp: CspDirectives = { ...DEFAULT_CSP, "frame-src": ["'self'", ...(options.frameOrigins ?? [])] };
  return withFramingPolicy(formatCsp(csp), "SAMEORIGIN", options.hsts);
}

/**
 * The same headers for the public API (/v1), whose answers are JSON and never rendered nor
 * framed: a policy that allows nothing, as OWASP advises for APIs. It is also cheaper: Node
 * checks every header value on every answer, and the pages' policy is six times as long.
 */
export function apiSecurityHeaderList(options: { hsts: boolean }): ReadonlyArray<readonly [string, string]> {
  return withFramingPolicy(API_CSP, "DENY", options.hsts);
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function withFramingPolicy(csp: string, frameOptions: "SAMEORIGIN" | "DENY", hsts: boolean): ReadonlyArray<readonly [string, string]> {
  return [
    ["Content-Security-Policy", csp],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", frameOptions],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ...(hsts ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const] : []),
  ];
}

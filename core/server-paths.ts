/**
 * Paths the gateway answers itself. The portal never owns them: the gateway does not fall back
 * to index.html for them, and the portal's development server forwards them to the gateway.
 */
export const SERVER_PATH_PREFIXES = ["/v1", "/api", "/auth", "/hooks", "/payments", "/reference", "/dev", "/sandbox"] as const;
export const SERVER_PATHS = ["/openapi.yaml", "/healthz", "/readyz", "/metrics"] as const;

export function isServerPath(path: string): boolean {
  return (
    (SERVER_PATHS as readonly string[]).includes(path) ||
    SERVER_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  );
}

/**
 * Scalar's browser bundle for /reference: the portal build copies it out of node_modules into
 * its output (portal/dist/<this path>), so production installs no browser package, and the
 * gateway serves it at /<this path>.
 */
export const REFERENCE_BUNDLE_FILE = "reference/scalar-standalone.js";

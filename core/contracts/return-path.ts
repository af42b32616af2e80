/** Query parameter that carries where a guarded page sent the visitor from, through /signin. */
export const RETURN_PARAM = "next";

/** Stand-in origin to resolve a candidate against; anything that leaves it is not a path of ours. */
const PROBE_ORIGIN = "https://portal.invalid";

/** Pages that must not be returned to after signing in (they would send the user straight on again). */
const AUTH_PATHS = new Set(["/signin", "/signup"]);

/**
 * The path+query+hash to return to after signing in, or null when `raw` is not a same-origin
 * relative path: "//host", "https:…", backslashes and control characters are refused, so the
 * parameter cannot become an open redirect.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//")) return null;
  if (raw.includes("\\") || [...raw].some(isControlCharacter)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || AUTH_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** /signin, remembering `returnTo` when it is a safe path. */
export function signInPathReturningTo(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `/signin?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}` : "/signin";
}

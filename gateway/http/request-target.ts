import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../app-env.js";
import { requestHeader } from "./node-bindings.js";
import {
  BAD_ENCODING_MESSAGE,
  decodeComponent,
  findUnsafeFormFields,
  findUnsafePathSegments,
  isUnsafeText,
  UNSAFE_TEXT_MESSAGE,
  unsafeTextError,
  type UnsafeField,
} from "./unsafe-text.js";

/** Every cookie the gateway sets, and so every cookie it reads, is named with this prefix. */
const OWN_COOKIE_PREFIX = "sluice_";

/**
 * The input rule (unsafe-text.ts) for what arrives before the body: the path's segments, the
 * query string and the gateway's own cookies (Hono percent-decodes all three). Throws 422
 * VALIDATION_FAILED naming each field (`path.id`, `query.name`, `cookie.sluice_csrf`).
 *
 * Other headers need no check: Node's parser refuses NUL in a header (400 before the app), a
 * header's bytes are read as Latin-1 (no surrogates), and no other header is percent-decoded.
 * The URL has been normalised to ASCII by then, so text without `%` is clean: that one search is
 * all a clean request pays.
 */
export function refuseUnsafeTarget(c: Context<AppEnv>): void {
  const url = c.req.url;
  const cookies = requestHeader(c, "cookie");
  const encodedUrl = url.includes("%");
  const encodedCookies = cookies?.includes("%") ?? false;
  if (!encodedUrl && !encodedCookies) return;
  const found = [...(encodedUrl ? findUnsafeUrlFields(c, url) : []), ...(cookies && encodedCookies ? findUnsafeCookies(cookies) : [])];
  if (found.length) throw unsafeTextError(found);
}

function findUnsafeUrlFields(c: Context<AppEnv>, url: string): UnsafeField[] {
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const queryStart = url.indexOf("?", pathStart);
  const hashStart = url.indexOf("#", pathStart);
  const pathEnd = queryStart === -1 ? (hashStart === -1 ? url.length : hashStart) : queryStart;
  const segments = findUnsafePathSegments(url.slice(pathStart, pathEnd));
  const found: UnsafeField[] = [];
  if (segments.length) {
    const names = parameterNames(c);
    for (const { index, message } of segments) found.push({ field: names[index] ? `path.${names[index]}` : "path", message });
  }
  if (queryStart !== -1) found.push(...findUnsafeFormFields(url.slice(queryStart + 1, hashStart > queryStart ? hashStart : undefined), "query."));
  return found;
}

/**
 * The parameter name of each path segment of the route that will answer (the first matched route
 * that is not middleware), where that segment is a parameter: `[, "id"]` for `/v1/workflows/:id`.
 */
function parameterNames(c: Context<AppEnv>): Array<string | undefined> {
  const route = matchedRoutes(c).find((matched) => matched.method !== "ALL");
  if (!route) return [];
  return route.path
    .split("/")
    .slice(1)
    .map((segment) => (segment.startsWith(":") ? segment.slice(1).replace(/\{.*$|\?$/, "") : undefined));
}

/** The gateway's own cookies whose value (percent-decoded, as Hono reads it) breaks the rule. */
function findUnsafeCookies(header: string): UnsafeField[] {
  const found: UnsafeField[] = [];
  for (const pair of header.split(";")) {
    const [name = "", ...rest] = pair.trim().split("=");
    const value = rest.join("=");
    if (!name.startsWith(OWN_COOKIE_PREFIX) || !value.includes("%")) continue;
    const decoded = decodeComponent(value);
    if (decoded === undefined) found.push({ field: `cookie.${name}`, message: BAD_ENCODING_MESSAGE });
    else if (isUnsafeText(decoded)) found.push({ field: `cookie.${name}`, message: UNSAFE_TEXT_MESSAGE });
  }
  return found;
}

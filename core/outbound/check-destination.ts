import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { blockedReason } from "./address-policy.js";

/** Resolves a host name to every address it has (the real resolver unless a test injects one). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithSystem: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Where a call may go: the URL, its host without brackets, and the checked addresses to connect to. */
export type DestinationCheck =
  | { ok: true; url: URL; host: string; addresses: LookupAddress[] }
  | { ok: false; code: "INVALID_URL" | "BLOCKED_DESTINATION" | "DNS_FAILED"; message: string };

/**
 * Parses the URL (http or https, no credentials) and resolves its host; refused when the host,
 * or ANY address its name resolves to, is not allowed by the address policy. The caller must
 * connect only to the returned addresses, never look the name up again.
 */
export async function checkDestination(rawUrl: string, allowPrivate: boolean, resolveHost: ResolveHost): Promise<DestinationCheck> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, code: "INVALID_URL", message: "The URL is not valid." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, code: "INVALID_URL", message: "Only http and https URLs can be called." };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, code: "INVALID_URL", message: "The URL must not contain a user name or password." };
  }
  // The URL parser has already turned 2130706433, 0x7f.1 and the like into dotted IPv4.
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (host === "") return { ok: false, code: "INVALID_URL", message: "The URL has no host." };

  if (isIP(host) !== 0) {
    const reason = blockedReason(host, allowPrivate);
    if (reason !== null) return { ok: false, code: "BLOCKED_DESTINATION", message: `${host} is ${reason}.` };
    return { ok: true, url, host, addresses: [{ address: host, family: isIP(host) }] };
  }

  let addresses: LookupAddress[];
  try {
    addresses = await resolveHost(host);
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "lookup failed";
    return { ok: false, code: "DNS_FAILED", message: `Could not resolve ${host} (${code}).` };
  }
  if (addresses.length === 0) return { ok: false, code: "DNS_FAILED", message: `${host} has no addresses.` };
  for (const { address } of addresses) {
    const reason = blockedReason(address, allowPrivate);
    // The address itself stays out of the message: it would reveal internal DNS to the caller.
    if (reason !== null) return { ok: false, code: "BLOCKED_DESTINATION", message: `${host} resolves to ${reason}.` };
  }
  return { ok: true, url, host, addresses };
}

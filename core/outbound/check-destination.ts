import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/*
 * Where an outbound call may go (the SSRF guard of DESIGN.md section 7): checkDestination judges
 * the URL and every address its host resolves to, by the address policy of blockedReason below.
 */

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

// The address policy.

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** Cloud instance-metadata services (AWS/GCP/Azure, AWS over IPv6, Alibaba): never reachable. */
const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

/** Ranges OUTBOUND_ALLOW_PRIVATE opens (development and tests); every other non-public range stays shut. */
const PRIVATE_RANGES = new Set(["private", "loopback", "carrierGradeNat", "uniqueLocal"]);

const RANGE_DESCRIPTIONS: Record<string, string> = {
  unspecified: "the unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  private: "a private address",
  uniqueLocal: "a private (unique local) address",
  carrierGradeNat: "a carrier-grade NAT address",
  teredo: "a Teredo tunnel address",
  rfc6052: "a local-use NAT64 address",
};

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/**
 * Why an outbound call may not connect to `address` (an IPv4 or IPv6 literal, as DNS returns
 * it), or null when it may. Only public unicast addresses pass; `allowPrivate` also lets
 * private, loopback, CGNAT and unique-local addresses through, but never the unspecified or a
 * cloud metadata address. IPv6 forms that carry an IPv4 address (mapped, compatible,
 * translated, NAT64, 6to4) are judged by that IPv4 address.
 */
export function blockedReason(address: string, allowPrivate: boolean): string | null {
  if (isIP(address) === 0) return "not an IP address";
  const ip = embeddedIPv4(ipaddr.parse(address));
  if (METADATA_ADDRESSES.has(ip.toString())) return "a cloud metadata address";
  const range = rangeOf(ip);
  if (range === "unicast") return null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return RANGE_DESCRIPTIONS[range] ?? "a reserved address";
}

/** The IPv4 address an IPv6 address stands for, if it is one of the IPv4-carrying forms. */
function embeddedIPv4(ip: IpAddress): IpAddress {
  if (ip instanceof ipaddr.IPv4) return ip;
  const group = (index: number): number => ip.parts[index] ?? 0;
  const fromGroups = (high: number, low: number) => new ipaddr.IPv4([group(high) >> 8, group(high) & 0xff, group(low) >> 8, group(low) & 0xff]);
  const range = ip.range();
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), 64:ff9b::a.b.c.d (NAT64).
  if (range === "ipv4Mapped" || range === "rfc6145" || ip.match(NAT64_WELL_KNOWN)) return fromGroups(6, 7);
  // 2002:AABB:CCDD::/48 (6to4) carries a.b.c.d in its second and third groups.
  if (range === "6to4") return fromGroups(1, 2);
  // ::a.b.c.d (deprecated IPv4-compatible), apart from :: and ::1 themselves.
  const compatible = [0, 1, 2, 3, 4, 5].every((index) => group(index) === 0);
  if (compatible && range !== "unspecified" && range !== "loopback") return fromGroups(6, 7);
  return ip;
}

function rangeOf(ip: IpAddress): string {
  const range = ip.range();
  // ipaddr.js calls the rest of ::/8 (reserved by the IETF) unicast.
  if (range === "unicast" && ip instanceof ipaddr.IPv6 && (ip.parts[0] ?? 0) < 0x100) return "reserved";
  return range;
}

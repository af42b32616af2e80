import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

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

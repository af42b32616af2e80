import { describe, expect, it } from "vitest";
import { blockedReason } from "./check-destination.js";

describe("blockedReason", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("lets the public address %s through", (address) => {
    expect(blockedReason(address, false)).toBeNull();
  });

  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.255.255.254", "a loopback address"],
    ["::1", "a loopback address"],
    ["10.0.0.1", "a private address"],
    ["172.16.5.4", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["100.64.0.1", "a carrier-grade NAT address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["169.254.1.1", "a link-local address"],
    ["fe80::1", "a link-local address"],
    ["fc00::1", "a private (unique local) address"],
    ["fd12:3456::1", "a private (unique local) address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["0.0.0.0", "the unspecified address"],
    ["0.1.2.3", "the unspecified address"],
    ["::", "the unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["ff02::1", "a multicast address"],
    ["255.255.255.255", "a broadcast address"],
    ["198.18.0.1", "a reserved address"],
    ["192.0.2.1", "a reserved address"],
    ["240.0.0.1", "a reserved address"],
    ["2001:db8::1", "a reserved address"],
    ["::1:2:3:4", "a reserved address"],
    ["2001::1", "a Teredo tunnel address"],
    ["64:ff9b:1::a00:1", "a local-use NAT64 address"],
  ])("refuses %s as %s", (address, reason) => {
    expect(blockedReason(address, false)).toBe(reason);
  });

  it.each([
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:7f00:1", "a loopback address"],
    ["::ffff:0:7f00:1", "a loopback address"],
    ["::7f00:1", "a loopback address"],
    ["::ffff:a00:1", "a private address"],
    ["::ffff:169.254.169.254", "a cloud metadata address"],
    ["64:ff9b::a00:1", "a private address"],
    ["64:ff9b::7f00:1", "a loopback address"],
    ["2002:7f00:1::", "a loopback address"],
    ["2002:c0a8:101::1", "a private address"],
    ["2002:a9fe:a9fe::", "a cloud metadata address"],
  ])("judges %s by the IPv4 address it carries (%s)", (address, reason) => {
    expect(blockedReason(address, false)).toBe(reason);
  });

  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.0.10", "100.64.0.1", "fd12::1"])(
    "lets %s through when private destinations are allowed",
    (address) => {
      expect(blockedReason(address, true)).toBeNull();
    },
  );

  it.each([
    ["169.254.169.254", "a cloud metadata address"],
    ["::ffff:169.254.169.254", "a cloud metadata address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["100.100.100.200", "a cloud metadata address"],
    ["0.0.0.0", "the unspecified address"],
    ["::", "the unspecified address"],
    ["169.254.10.10", "a link-local address"],
    ["224.0.0.1", "a multicast address"],
  ])("still refuses %s when private destinations are allowed", (address, reason) => {
    expect(blockedReason(address, true)).toBe(reason);
  });

  it.each(["localhost", "2130706433", "0x7f000001", "127.1", "", "[::1]"])("refuses %j, which is not an IP address", (value) => {
    expect(blockedReason(value, true)).toBe("not an IP address");
  });
});

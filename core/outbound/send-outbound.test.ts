import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { LookupAddress } from "node:dns";
import { createServer, type Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OutboundError, sendOutbound, type OutboundErrorCode, type OutboundTestHooks } from "./send-outbound.js";

// Every client TCP socket Node opens is published here: the proof that a refusal connected nowhere.
let sockets: Socket[] = [];
const recordSocket = (message: unknown) => {
  const { socket } = message as { socket: Socket };
  sockets.push(socket);
};
beforeEach(() => {
  sockets = [];
  subscribe("net.client.socket", recordSocket);
});
afterEach(() => {
  unsubscribe("net.client.socket", recordSocket);
});

async function failureOf(url: string, allowPrivate: boolean, hooks: OutboundTestHooks = {}): Promise<OutboundError> {
  const error = await sendOutbound({ url, method: "POST", body: "{}", timeoutMs: 2_000 }, { allowPrivate }, hooks).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

function resolvingTo(...addresses: string[]): OutboundTestHooks & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    resolveHost: async (hostname) => {
      asked.push(hostname);
      return addresses.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
    },
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("sendOutbound destination guard", () => {
  it.each([
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://127.1/",
    "http://127.0.0.1:8080/admin",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://169.254.169.254/latest/meta-data",
    "http://[::ffff:169.254.169.254]/latest/meta-data",
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://198.18.0.1/",
    "http://[fc00::1]/",
    "http://[fe80::1]/",
    "http://[64:ff9b::a00:1]/",
    "http://[2002:7f00:1::]/",
    "https://10.0.0.1:8443/",
    "http://localhost/",
    "http://localhost:3000/",
  ])("refuses %s without connecting", async (url) => {
    const error = await failureOf(url, false);
    expect(error.code).toBe("BLOCKED_DESTINATION");
    expect(sockets).toHaveLength(0);
  });

  it("refuses a name that resolves to a private address", async () => {
    const hooks = resolvingTo("10.1.2.3");
    const error = await failureOf("https://internal.example.test/hook", false, hooks);
    expect(error.code).toBe("BLOCKED_DESTINATION");
    expect(error.message).toBe("internal.example.test resolves to a private address.");
    expect(hooks.asked).toEqual(["internal.example.test"]);
    expect(sockets).toHaveLength(0);
  });

  it.each([
    ["public first", ["93.184.215.14", "10.0.0.7"]],
    ["private first", ["10.0.0.7", "93.184.215.14"]],
    ["IPv6 loopback among public addresses", ["93.184.215.14", "2606:4700::1", "::1"]],
  ])("refuses a name with a public and a private address (%s)", async (_label, addresses) => {
    const error = await failureOf("http://mixed.example.test/", false, resolvingTo(...addresses));
    expect(error.code).toBe("BLOCKED_DESTINATION");
    expect(sockets).toHaveLength(0);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254 is a cloud metadata address."],
    ["http://[fd00:ec2::254]/", "fd00:ec2::254 is a cloud metadata address."],
    ["http://[::ffff:a9fe:a9fe]/", "::ffff:a9fe:a9fe is a cloud metadata address."],
    ["http://0.0.0.0:8080/", "0.0.0.0 is the unspecified address."],
    ["http://[::]/", ":: is the unspecified address."],
  ])("refuses %s even when private destinations are allowed", async (url, message) => {
    const error = await failureOf(url, true);
    expect(error.code).toBe("BLOCKED_DESTINATION");
    expect(error.message).toBe(message);
    expect(sockets).toHaveLength(0);
  });

  it("refuses a name resolving to the metadata address even when private destinations are allowed", async () => {
    const error = await failureOf("http://metadata.example.test/", true, resolvingTo("169.254.169.254"));
    expect(error.code).toBe("BLOCKED_DESTINATION");
    expect(sockets).toHaveLength(0);
  });

  it.each([
    ["ftp://example.com/file", "Only http and https URLs can be called."],
    ["file:///etc/passwd", "Only http and https URLs can be called."],
    ["gopher://127.0.0.1:6379/_INFO", "Only http and https URLs can be called."],
    ["http://user:pass@example.com/", "The URL must not contain a user name or password."],
    ["http://user@example.com/", "The URL must not contain a user name or password."],
    ["not a url", "The URL is not valid."],
    ["http://256.1.1.1.1/", "The URL is not valid."],
    ["/relative/path", "The URL is not valid."],
  ])("refuses %s as an invalid URL", async (url, message) => {
    const error = await failureOf(url, true);
    expect(error.code).toBe("INVALID_URL");
    expect(error.message).toBe(message);
    expect(sockets).toHaveLength(0);
  });

  it.each<[string, OutboundTestHooks, string]>([
    [
      "an unknown name",
      { resolveHost: () => Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" })) },
      "Could not resolve nowhere.example.test (ENOTFOUND).",
    ],
    ["a name without addresses", { resolveHost: async () => [] }, "nowhere.example.test has no addresses."],
  ])("reports DNS_FAILED for %s", async (_label, hooks, message) => {
    const error = await failureOf("http://nowhere.example.test/", false, hooks);
    expect(error.code).toBe("DNS_FAILED");
    expect(error.message).toBe(message);
  });

  it("gives up on a DNS lookup that outlasts the timeout", async () => {
    const hooks: OutboundTestHooks = { resolveHost: () => new Promise<LookupAddress[]>(() => undefined) };
    const started = Date.now();
    const error = await sendOutbound({ url: "http://slow-dns.example.test/", method: "GET", timeoutMs: 150 }, { allowPrivate: false }, hooks).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).code satisfies OutboundErrorCode).toBe("TIMEOUT");
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  // The control for every "without connecting" above: an allowed destination does open a socket.
  it("does connect to an allowed destination, and destroys the socket when it is refused", async () => {
    const port = await closedPort();
    const error = await failureOf(`http://127.0.0.1:${port}/`, true);
    expect(error.code).toBe("CONNECTION_FAILED");
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.destroyed).toBe(true);
  });
});

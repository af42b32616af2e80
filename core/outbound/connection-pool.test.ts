import { describe, expect, it } from "vitest";
import { agentFor } from "./connection-pool.js";

const loopback = [{ address: "127.0.0.1", family: 4 }];

describe("agentFor", () => {
  it("gives one agent per protocol, host, port and checked addresses", () => {
    const agent = agentFor("http:", "hooks.example.test", "8080", loopback);
    expect(agentFor("http:", "hooks.example.test", "8080", [{ address: "127.0.0.1", family: 4 }])).toBe(agent);
    expect(agentFor("https:", "hooks.example.test", "8080", loopback)).not.toBe(agent);
    expect(agentFor("http:", "other.example.test", "8080", loopback)).not.toBe(agent);
    expect(agentFor("http:", "hooks.example.test", "8081", loopback)).not.toBe(agent);
    expect(agentFor("http:", "hooks.example.test", "8080", [{ address: "127.0.0.2", family: 4 }])).not.toBe(agent);
    expect(agentFor("http:", "hooks.example.test", "8080", [...loopback, { address: "::1", family: 6 }])).not.toBe(agent);
  });

  it("forgets the least recently used of more than 256 destinations", () => {
    const destination = (name: string) => agentFor("http:", `${name}.example.test`, "", loopback);
    for (let index = 0; index < 256; index += 1) destination(`old-${index}`);
    const first = destination("first");
    const second = destination("second");
    destination("first");
    for (let index = 0; index < 255; index += 1) destination(`new-${index}`);
    expect(destination("first")).toBe(first);
    expect(destination("second")).not.toBe(second);
  });
});

import type { LookupAddress } from "node:dns";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";

/**
 * Idle connections close after this. It is below the 5 s keep-alive timeout of Node's own HTTP
 * servers, so a reused connection is rarely one its receiver is closing at that moment.
 */
export const IDLE_CONNECTION_MS = 4_000;
/** Destinations remembered at once; the least recently used is forgotten first. */
const MAX_DESTINATIONS = 256;
/** Idle connections kept per destination. */
const MAX_IDLE_PER_DESTINATION = 16;

const agents = new Map<string, HttpAgent>();

/**
 * The keep-alive agent for one checked destination: the protocol, the port, the URL's host (the
 * Host header and TLS server name) and the exact addresses that passed the SSRF check. A pooled
 * connection therefore only ever serves requests whose own check allowed the address it is
 * connected to, and a host that resolves elsewhere later gets its own connections.
 */
export function agentFor(protocol: string, host: string, port: string, addresses: readonly LookupAddress[]): HttpAgent {
  const key = [protocol, host, port, ...addresses.map((entry) => entry.address)].join(" ");
  const known = agents.get(key);
  if (known !== undefined) {
    // Most recently used last, so the first entry is the one to forget.
    agents.delete(key);
    agents.set(key, known);
    return known;
  }
  const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS, maxFreeSockets: MAX_IDLE_PER_DESTINATION, scheduling: "lifo" } as const;
  const agent = protocol === "https:" ? new HttpsAgent(options) : new HttpAgent(options);
  agents.set(key, agent);
  // A forgotten agent is not destroyed (that would cut requests in flight): its idle connections
  // close after IDLE_CONNECTION_MS like any other, and then nothing holds it.
  if (agents.size > MAX_DESTINATIONS) {
    const oldest = agents.keys().next().value;
    if (oldest !== undefined) agents.delete(oldest);
  }
  return agent;
}

import type { Database } from "../core/db/client.js";
import type { GatewayProcess } from "./gateway-process.js";

/** The status of one metered request (GET /v1/whoami) through a gateway process. */
export const whoami = (gateway: GatewayProcess, authorization: Record<string, string>): Promise<number> =>
  fetch(`${gateway.url}/v1/whoami`, { headers: authorization }).then((response) => response.status);

/**
 * Gives the keyed account a monthly quota of `requestLimit`, sends one request through each
 * gateway (so the burst meets warm caches and counters; these count against the quota), then
 * `count` parallel requests spread evenly over the gateways; returns the burst's statuses.
 */
export async function meteredBurst(
  db: Database,
  gateways: GatewayProcess[],
  account: { userId: string; authorization: Record<string, string> },
  options: { requestLimit: number; count: number },
): Promise<{ warmUp: number[]; burst: number[] }> {
  await db.updateTable("user_packages").set({ package_name: "enterprise", request_limit: options.requestLimit }).where("user_id", "=", account.userId).execute();
  const warmUp: number[] = [];
  for (const gateway of gateways) warmUp.push(await whoami(gateway, account.authorization));
  const burst = await Promise.all(Array.from({ length: options.count }, (_, i) => whoami(gateways[i % gateways.length]!, account.authorization)));
  return { warmUp, burst };
}

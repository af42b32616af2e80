import { startEngineProcess, type EngineProcess } from "./engine-process.js";
import { startGatewayProcess, type GatewayProcess } from "./gateway-process.js";

/**
 * Two gateway and two engine processes on the settings `shared` gives (one database, one Redis or
 * cluster), as the scale-out and failover tests run them: a long meter timeout, so that every
 * admission counts in Redis rather than by a gateway on its own, and four executions at a time per
 * engine, so that a burst of executions cannot all land on one. Outbound calls may reach loopback.
 */
export async function startTwoOfEach(shared: Record<string, string>): Promise<{ gateways: GatewayProcess[]; engines: EngineProcess[]; stop: () => Promise<void> }> {
  const gatewayEnv = { ...shared, METER_REDIS_TIMEOUT_MS: "5000" };
  const engineEnv = { ...shared, OUTBOUND_ALLOW_PRIVATE: "true", WORKER_CONCURRENCY: "4" };
  const [gateways, engines] = await Promise.all([
    Promise.all([startGatewayProcess(gatewayEnv), startGatewayProcess(gatewayEnv)]),
    Promise.all([startEngineProcess(engineEnv), startEngineProcess(engineEnv)]),
  ]);
  const stop = async () => {
    await Promise.allSettled([...gateways.map((g) => g.stop()), ...engines.map((e) => e.stop())]);
  };
  return { gateways, engines, stop };
}

import setupIntegration from "./global-setup.js";
import { startRedisCluster } from "./redis-cluster.js";

/**
 * Vitest global setup of the `integration-cluster` project: the integration setup, plus a
 * six-node Redis Cluster that every test process reaches through REDIS_CLUSTER_NODES (test
 * workers inherit this environment, and core/config.ts reads it like any other setting).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const finishIntegration = await setupIntegration();
  const cluster = await startRedisCluster();
  process.env.REDIS_CLUSTER_NODES = cluster.nodes;
  return async () => {
    await cluster.stop();
    finishIntegration();
  };
}

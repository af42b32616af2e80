import { defineConfig } from "vitest/config";

const ignored = ["**/node_modules/**", "portal/dist/**"];

const CLUSTER_SUITES = [
  "gateway/metering/{meter,counter-rebuild,local-meter,usage-admin}.int.test.ts",
  "core/metering/*.int.test.ts",
  "core/rate-limit.int.test.ts",
  "gateway/routes/v1/{workflows,executions,streams,stream-event-ids,webhook-deliveries,analyses-async,account-usage}.int.test.ts",
  "engine/workflows/{run-execution,finish-execution,schedules}.int.test.ts",
  "engine/webhooks/{deliver-webhook,first-attempts}.int.test.ts",
  "engine/analytics/requeue-queued-analytics.int.test.ts",
  "gateway/scale-out.int.test.ts",
  "gateway/failover.int.test.ts",
];
/** Suites that only the cluster project runs (their single-Redis versions exist apart). */
const CLUSTER_ONLY_SUITES = ["gateway/scale-out.int.test.ts", "gateway/failover.int.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["{core,gateway,engine,migrations,scripts,loadtest,portal/src,sdks,testing}/**/*.test.{ts,tsx}"],
          exclude: [...ignored, "**/*.int.test.ts"],
        },
      },
      {
        test: {
          name: "integration",
          environment: "node",
          include: ["{core,gateway,engine,migrations,scripts,sdks,loadtest,testing}/**/*.int.test.ts"],
          exclude: [...ignored, ...CLUSTER_ONLY_SUITES],
          globalSetup: ["testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The suites whose Redis use differs on a cluster (scripts, queues, pub/sub, SCAN), again
        // against a six-node Redis Cluster (testing/cluster-global-setup.ts).
        test: {
          name: "integration-cluster",
          environment: "node",
          include: CLUSTER_SUITES,
          exclude: ignored,
          globalSetup: ["testing/cluster-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["portal/e2e/**/*.spec.ts"],
          exclude: ignored,
          globalSetup: ["testing/e2e-global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

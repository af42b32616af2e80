import { defineConfig } from "vitest/config";

const ignored = ["**/node_modules/**", "portal/dist/**"];

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
          exclude: ignored,
          globalSetup: ["testing/global-setup.ts"],
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

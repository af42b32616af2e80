import { GatewayConfigSchema, parseConfig, readEnvironment, type GatewayConfig } from "../core/config.js";

/** The developer's settings (.env and environment), as the gateway would read them. */
export function baseTestConfig(): GatewayConfig {
  return parseConfig(GatewayConfigSchema, readEnvironment());
}

/** A gateway configuration for tests: quiet logs, a random port, the given stores. */
export function testGatewayConfig(overrides: Record<string, string>): GatewayConfig {
  return parseConfig(GatewayConfigSchema, {
    ...readEnvironment(),
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PORT: "0",
    ...overrides,
  });
}

export function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 10);
}

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

/** Settings that pass production's checks (no development defaults, no payment sandbox). */
export const PRODUCTION_LIKE_SETTINGS: Record<string, string> = {
  NODE_ENV: "production",
  JWT_SECRET: "a-production-like-secret-of-at-least-32-chars-0123456789",
  ADMIN_PASSWORD: "a-production-like-admin-password-1",
  PAYMENT_PROVIDER: "pesapal",
  PESAPAL_CONSUMER_KEY: "a-production-like-consumer-key",
  PESAPAL_CONSUMER_SECRET: "a-production-like-consumer-secret",
};

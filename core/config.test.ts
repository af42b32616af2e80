import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, EngineConfigSchema, GatewayConfigSchema, SeedConfigSchema, parseConfig } from "./config.js";

const example = parseEnv(readFileSync(new URL("../.env.example", import.meta.url), "utf8"));
const schemas = { gateway: GatewayConfigSchema, engine: EngineConfigSchema, seed: SeedConfigSchema };

describe("configuration", () => {
  it("documents every setting of every process in .env.example", () => {
    const keys = new Set(Object.values(schemas).flatMap((schema) => Object.keys(schema.shape)));
    expect([...keys].filter((key) => !(key in example))).toEqual([]);
    expect(Object.keys(example).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("parses .env.example to the same values as the built-in defaults", () => {
    for (const schema of Object.values(schemas)) {
      expect(parseConfig(schema, example)).toEqual(parseConfig(schema, {}));
    }
  });

  it("reports every problem at once", () => {
    const attempt = () => parseConfig(GatewayConfigSchema, { PORT: "http", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toContain("PORT");
      expect(problems).toContain("DATABASE_URL");
      expect(problems).toContain("LOG_LEVEL");
    }
  });

  it("reads REDIS_CLUSTER_NODES as host and port pairs, and refuses a node without a port", () => {
    const config = parseConfig(GatewayConfigSchema, { REDIS_CLUSTER_NODES: "10.0.0.1:7000,redis-b.internal:7001" });
    expect(config.REDIS_CLUSTER_NODES).toEqual([
      { host: "10.0.0.1", port: 7000 },
      { host: "redis-b.internal", port: 7001 },
    ]);
    expect(() => parseConfig(GatewayConfigSchema, { REDIS_CLUSTER_NODES: "10.0.0.1:7000,10.0.0.2" })).toThrow(ConfigError);
  });

  it("treats empty values as unset", () => {
    const config = parseConfig(GatewayConfigSchema, { PORT: "", METRICS_TOKEN: "" });
    expect(config.PORT).toBe(3000);
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it("requires SMTP for the engine in production", () => {
    const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(40), PAYMENT_PROVIDER: "pesapal", PESAPAL_CONSUMER_KEY: "live-key", PESAPAL_CONSUMER_SECRET: "live-secret" };
    expect(() => parseConfig(EngineConfigSchema, production)).toThrow(/SMTP_URL is required in production/);
    expect(parseConfig(EngineConfigSchema, { ...production, SMTP_URL: "smtp://mail.internal:587" }).SMTP_URL).toBe("smtp://mail.internal:587");
  });

  it("refuses the payment sandbox in production", () => {
    const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(40), PESAPAL_CONSUMER_KEY: "live-key", PESAPAL_CONSUMER_SECRET: "live-secret" };
    expect(() => parseConfig(GatewayConfigSchema, production)).toThrow(/sandbox payment provider is refused in production/);
    expect(parseConfig(GatewayConfigSchema, { ...production, PAYMENT_PROVIDER: "pesapal" }).PAYMENT_PROVIDER).toBe("pesapal");
    // The engine cancels expired orders at the provider: the same rule.
    expect(() => parseConfig(EngineConfigSchema, { ...production, SMTP_URL: "smtp://mail.internal:587" })).toThrow(/sandbox payment provider is refused in production/);
  });

  it("requires a bucket for DATASET_STORAGE=s3, and in production its credentials", () => {
    const s3 = { DATASET_STORAGE: "s3", DATASET_S3_ENDPOINT: "http://minio.internal:9000", DATASET_S3_FORCE_PATH_STYLE: "true" };
    expect(parseConfig(GatewayConfigSchema, {}).DATASET_STORAGE).toBe("filesystem");
    expect(() => parseConfig(GatewayConfigSchema, s3)).toThrow(/DATASET_S3_BUCKET is required when DATASET_STORAGE=s3/);
    // Outside production, no credentials means the SDK's default chain; one of the pair alone is a mistake.
    expect(parseConfig(GatewayConfigSchema, { ...s3, DATASET_S3_BUCKET: "sluice-datasets" })).toMatchObject({ DATASET_S3_BUCKET: "sluice-datasets", DATASET_S3_FORCE_PATH_STYLE: true });
    expect(() => parseConfig(GatewayConfigSchema, { ...s3, DATASET_S3_BUCKET: "sluice-datasets", DATASET_S3_ACCESS_KEY_ID: "AKIA" })).toThrow(/DATASET_S3_SECRET_ACCESS_KEY is required/);
    const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(40), PAYMENT_PROVIDER: "pesapal", PESAPAL_CONSUMER_KEY: "live-key", PESAPAL_CONSUMER_SECRET: "live-secret", SMTP_URL: "smtp://mail.internal:587" };
    const bucket = { ...production, ...s3, DATASET_S3_BUCKET: "sluice-datasets" };
    expect(() => parseConfig(EngineConfigSchema, bucket)).toThrow(/DATASET_S3_ACCESS_KEY_ID is required when DATASET_STORAGE=s3 in production/);
    expect(() => parseConfig(GatewayConfigSchema, bucket)).toThrow(/DATASET_S3_SECRET_ACCESS_KEY is required when DATASET_STORAGE=s3 in production/);
    expect(parseConfig(EngineConfigSchema, { ...bucket, DATASET_S3_ACCESS_KEY_ID: "AKIA", DATASET_S3_SECRET_ACCESS_KEY: "secret" }).DATASET_STORAGE).toBe("s3");
  });

  it("refuses development-only defaults in production", () => {
    expect(() => parseConfig(SeedConfigSchema, { NODE_ENV: "production" })).toThrow(/ADMIN_PASSWORD/);
    expect(parseConfig(SeedConfigSchema, { NODE_ENV: "production", ADMIN_PASSWORD: "a-real-secret-123" }).ADMIN_PASSWORD).toBe(
      "a-real-secret-123",
    );
  });

  it("refuses pretty logs in production, where the pretty-printer is not installed", () => {
    const production = { NODE_ENV: "production", ADMIN_PASSWORD: "a-real-secret-123" };
    expect(() => parseConfig(SeedConfigSchema, { ...production, LOG_PRETTY: "true" })).toThrow(/LOG_PRETTY: production logs JSON lines/);
    expect(parseConfig(SeedConfigSchema, { ...production, LOG_PRETTY: "false" }).LOG_PRETTY).toBe(false);
  });
});

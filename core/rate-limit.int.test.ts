import { afterAll, describe, expect, it } from "vitest";
import { connectRedis } from "./redis.js";
import { createRateLimiter, retryAfterSeconds, type RateLimitRule } from "./rate-limit.js";
import { baseTestConfig, randomSuffix } from "../testing/environment.js";
import { useRedisNamespace } from "../testing/redis.js";

const namespace = useRedisNamespace();
const redis = connectRedis(baseTestConfig(), "worker", { keyPrefix: namespace.keyPrefix });
afterAll(() => redis.quit());

const rule: RateLimitRule = { name: "test", limit: 5, windowMs: 60_000 };

describe("sliding-window rate limiter", () => {
  it("admits exactly the limit, then refuses with a Retry-After of at least one second", async () => {
    const limiter = createRateLimiter(redis);
    const subject = randomSuffix();
    const now = 1_800_000_000_000;
    const decisions = [];
    for (let i = 0; i < 7; i++) decisions.push(await limiter.consume(rule, subject, 1, now + i));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(decisions[4]?.remaining).toBe(0);
    expect(decisions[5]?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("admits exactly the limit under concurrency", async () => {
    const limiter = createRateLimiter(redis);
    const subject = randomSuffix();
    const now = 1_800_000_000_000;
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.consume(rule, subject, 1, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it("weights the previous window by how much of it still overlaps", async () => {
    const limiter = createRateLimiter(redis);
    const subject = randomSuffix();
    const windowStart = 1_800_000_040_000 - (1_800_000_040_000 % 60_000);
    for (let i = 0; i < 5; i++) await limiter.consume(rule, subject, 1, windowStart + 1_000);
    // Half-way through the next window, the 5 earlier requests weigh 2.5: two more fit, not three.
    const halfway = windowStart + 60_000 + 30_000;
    expect((await limiter.consume(rule, subject, 1, halfway)).allowed).toBe(true);
    expect((await limiter.consume(rule, subject, 1, halfway)).allowed).toBe(true);
    expect((await limiter.consume(rule, subject, 1, halfway)).allowed).toBe(false);
  });

  it("peeks without counting", async () => {
    const limiter = createRateLimiter(redis);
    const subject = randomSuffix();
    for (let i = 0; i < 10; i++) expect((await limiter.peek(rule, subject)).allowed).toBe(true);
    for (let i = 0; i < 5; i++) await limiter.consume(rule, subject);
    const peeked = await limiter.peek(rule, subject);
    expect(peeked.allowed).toBe(false);
    expect(peeked.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("computes retry-after from the window arithmetic", () => {
    // Current window full with 20 s left: wait for it to end and for the count to decay to 4.
    expect(retryAfterSeconds(rule, 40_000, 5, 0, 1)).toBe(20 + 12);
    // Previous window (5) decaying: at elapsed e, 5 * (60 - e) / 60 + 0 + 1 <= 5 → e >= 12 s.
    expect(retryAfterSeconds(rule, 6_000, 0, 5, 1)).toBe(6);
  });
});

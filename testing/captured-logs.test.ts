import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateKey } from "../core/keys/key-format.js";
import { generateWebhookSecret } from "../core/webhooks/signing.js";
import { findSecretsInLogs } from "./captured-logs.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-logs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the search for secrets in a run's logs", () => {
  it("finds keys, webhook secrets, tokens, hook secrets, test passwords and card numbers, and masks them in its report", () => {
    const key = generateKey("live");
    writeFileSync(
      join(dir, "1.log"),
      [
        `{"msg":"request","key":"${key}"}`,
        `{"secret":"${generateWebhookSecret()}"}`,
        '{"headers":{"authorization":"Bearer abcdefghijklmnopqrstuvwxyz012345"}}',
        '{"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJlc2lnbmF0dXJl"}',
        '{"body":{"password":"velvet-harbor-42"}}',
        '{"card":"4111 1111 1111 1111"}',
        '{"msg":"request","path":"/hooks/wf_1ChTf5s4WSFuXxbupZJhdi/s3cr3t"}',
        '{"msg":"signed in","refresh":"Wb3Pq1nXgk2c0s9yJvR8aLm4tZ7eQ6uH5fD1oK3iC2x"}',
        '{"msg":"fine","key_prefix":"sk_live_","last4":"AbCd","request_id":"req_1"}',
        '{"msg":"request","path":"/hooks/wf_1ChTf5s4WSFuXxbupZJhdi/***","status":202}',
      ].join("\n"),
    );
    const found = findSecretsInLogs(dir);
    expect(found.map((line) => line.split(": ")[1])).toEqual([
      "API key",
      "webhook secret",
      "bearer credential",
      "JSON Web Token",
      "test password",
      "card number",
      "inbound hook secret",
      "secret token",
    ]);
    expect(found.join("\n")).not.toContain(key);
  });

  it("reports nothing for clean logs or no logs", () => {
    writeFileSync(join(dir, "1.log"), '{"msg":"request","status":200,"key_id":"key_1AbC"}\n');
    expect(findSecretsInLogs(dir)).toEqual([]);
    expect(findSecretsInLogs(join(dir, "missing"))).toEqual([]);
  });
});

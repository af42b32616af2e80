import { sign as githubSign, verify as githubVerify } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { activePreviousSecret, generateWebhookSecret, githubStyleSignature, signatureHeaders, standardWebhooksSignature } from "./signing.js";

/** The test vector published in docs/webhooks.md: change both together. */
const VECTOR = {
  secret: "whsec_c2x1aWNlLXRlc3QtdmVjdG9yLXNlY3JldC0x",
  id: "evt_2bFyqJoj1nm5zWsXm3TnD9",
  timestamp: 1795251600,
  body: '{"id":"evt_2bFyqJoj1nm5zWsXm3TnD9","type":"workflow.completed","timestamp":"2026-11-21T09:00:00.000Z","data":{"workflow_id":"wf_2bFyqHk4T1jVx3oGm1Hc7Q","execution_id":"exec_2bFyqJ9KcT1Qp4YV8xLb2M","duration_ms":412,"actions_executed":3}}',
  webhookSignature: "v1,FST+tDRd89AMU2dmQXMMXvNHP4NAwD/vZQ9OLNf2T8U=",
  signature256: "sha256=4d6a9b0d3ad89501a4e7fcf541050f9de1b25f02b251d74bbb3ec95e9031ec21",
};

describe("webhook signing", () => {
  it("produces the published test vector for both signatures", () => {
    expect(standardWebhooksSignature(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.webhookSignature);
    expect(githubStyleSignature(VECTOR.secret, VECTOR.body)).toBe(VECTOR.signature256);
    expect(signatureHeaders({ secret: VECTOR.secret, eventId: VECTOR.id, at: new Date(VECTOR.timestamp * 1000), body: VECTOR.body })).toEqual({
      "webhook-id": VECTOR.id,
      "webhook-timestamp": String(VECTOR.timestamp),
      "webhook-signature": VECTOR.webhookSignature,
      "X-Webhook-Signature-256": VECTOR.signature256,
    });
  });

  it("agrees with the public libraries on the vector", async () => {
    expect(new Webhook(VECTOR.secret).sign(VECTOR.id, new Date(VECTOR.timestamp * 1000), VECTOR.body)).toBe(VECTOR.webhookSignature);
    expect(await githubSign(VECTOR.secret, VECTOR.body)).toBe(VECTOR.signature256);
    expect(await githubVerify(VECTOR.secret, VECTOR.body, VECTOR.signature256)).toBe(true);
  });

  it("matches the Standard Webhooks reference example", () => {
    // The example of the Standard Webhooks specification's reference libraries.
    expect(standardWebhooksSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("keys Standard Webhooks with the decoded bytes and the GitHub form with the whole secret string", () => {
    const decoded = Buffer.from(VECTOR.secret.slice("whsec_".length), "base64").toString("latin1");
    expect(decoded).toBe("sluice-test-vector-secret-1");
    expect(new Webhook(decoded, { format: "raw" }).sign(VECTOR.id, new Date(VECTOR.timestamp * 1000), VECTOR.body)).toBe(VECTOR.webhookSignature);
    expect(githubStyleSignature(decoded, VECTOR.body)).not.toBe(VECTOR.signature256);
  });

  it("signs with the previous secret too, new signature first, and verifies with either secret", () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const at = new Date();
    const headers = signatureHeaders({ secret: current, previousSecret: previous, eventId: VECTOR.id, at, body: VECTOR.body });
    const [first, second] = (headers["webhook-signature"] ?? "").split(" ");
    expect(first).toBe(standardWebhooksSignature(current, VECTOR.id, Math.floor(at.getTime() / 1000), VECTOR.body));
    expect(second).toBe(standardWebhooksSignature(previous, VECTOR.id, Math.floor(at.getTime() / 1000), VECTOR.body));
    expect(headers["X-Webhook-Signature-256"]).toBe(githubStyleSignature(current, VECTOR.body));
    expect(new Webhook(current).verify(VECTOR.body, headers)).toMatchObject({ type: "workflow.completed" });
    expect(new Webhook(previous).verify(VECTOR.body, headers)).toMatchObject({ type: "workflow.completed" });
    expect(() => new Webhook(generateWebhookSecret()).verify(VECTOR.body, headers)).toThrow();
  });

  it("generates whsec_ secrets of 24 random bytes", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it("uses the previous secret only before it expires", () => {
    const now = new Date("2026-11-21T09:00:00Z");
    expect(activePreviousSecret({ previous_secret: "whsec_old", previous_secret_expires_at: new Date(now.getTime() + 1) }, now)).toBe("whsec_old");
    expect(activePreviousSecret({ previous_secret: "whsec_old", previous_secret_expires_at: now }, now)).toBeNull();
    expect(activePreviousSecret({ previous_secret: null, previous_secret_expires_at: null }, now)).toBeNull();
  });
});

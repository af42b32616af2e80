import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { githubStyleSignature, signatureHeaders, standardWebhooksSignature } from "../../../../../core/webhooks/signing";
import { JAVASCRIPT_VERIFIER, WEBHOOK_TEST_VECTOR as VECTOR } from "./webhook-verification";

const VerifierModuleSchema = z.object({
  verifyStandard: z.function({ input: [z.string(), z.string(), z.record(z.string(), z.string())], output: z.boolean() }),
  verifyGithubStyle: z.function({ input: [z.string(), z.string(), z.record(z.string(), z.string())], output: z.boolean() }),
});

/** The JavaScript verifier exactly as the page shows it, loaded as a module. */
async function loadPublishedVerifier() {
  const file = join(mkdtempSync(join(tmpdir(), "sluice-verifier-")), "verify.mjs");
  writeFileSync(file, JAVASCRIPT_VERIFIER);
  return VerifierModuleSchema.parse(await import(/* @vite-ignore */ pathToFileURL(file).href));
}

/** The headers of the vector's delivery as Node hands them to a server: lower-case names. */
function deliveredHeaders(): Record<string, string> {
  const headers = signatureHeaders({ secret: VECTOR.secret, eventId: VECTOR.webhookId, at: new Date(VECTOR.webhookTimestamp * 1000), body: VECTOR.body });
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the webhook test vector on the docs page", () => {
  it("holds the signatures the gateway's signing functions produce", () => {
    expect(standardWebhooksSignature(VECTOR.secret, VECTOR.webhookId, VECTOR.webhookTimestamp, VECTOR.body)).toBe(VECTOR.webhookSignature);
    expect(githubStyleSignature(VECTOR.secret, VECTOR.body)).toBe(VECTOR.signature256);
    expect(deliveredHeaders()).toEqual({
      "webhook-id": VECTOR.webhookId,
      "webhook-timestamp": String(VECTOR.webhookTimestamp),
      "webhook-signature": VECTOR.webhookSignature,
      "x-webhook-signature-256": VECTOR.signature256,
    });
  });

  it("is accepted by the published JavaScript verifier, which refuses a changed body or a stale timestamp", async () => {
    const verifier = await loadPublishedVerifier();
    const headers = deliveredHeaders();
    vi.useFakeTimers({ now: VECTOR.webhookTimestamp * 1000 + 60_000, toFake: ["Date"] });
    expect(verifier.verifyStandard(VECTOR.secret, VECTOR.body, headers)).toBe(true);
    expect(verifier.verifyGithubStyle(VECTOR.secret, VECTOR.body, headers)).toBe(true);
    expect(verifier.verifyStandard(VECTOR.secret, `${VECTOR.body} `, headers)).toBe(false);
    expect(verifier.verifyGithubStyle(VECTOR.secret, `${VECTOR.body} `, headers)).toBe(false);
    expect(verifier.verifyGithubStyle("whsec_another", VECTOR.body, headers)).toBe(false);
    vi.setSystemTime(VECTOR.webhookTimestamp * 1000 + 301_000);
    expect(verifier.verifyStandard(VECTOR.secret, VECTOR.body, headers)).toBe(false);
  });

  it("is accepted during a secret rotation, when the header holds two signatures", async () => {
    const verifier = await loadPublishedVerifier();
    const rotated = signatureHeaders({ secret: "whsec_bmV3LXNlY3JldA==", previousSecret: VECTOR.secret, eventId: VECTOR.webhookId, at: new Date(VECTOR.webhookTimestamp * 1000), body: VECTOR.body });
    vi.useFakeTimers({ now: VECTOR.webhookTimestamp * 1000, toFake: ["Date"] });
    expect(verifier.verifyStandard(VECTOR.secret, VECTOR.body, { ...deliveredHeaders(), "webhook-signature": rotated["webhook-signature"] ?? "" })).toBe(true);
  });
});

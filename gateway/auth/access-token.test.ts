import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { accessTokenKeys, signAccessToken, verifyAccessToken } from "./access-token.js";

const keys = accessTokenKeys("a-test-secret-that-is-long-enough-000");
const claims = { sub: "usr_1", sid: "fam_1" };

describe("access tokens", () => {
  it("verify while fresh and carry the user and session family", async () => {
    const { token, expiresAt } = await signAccessToken(keys, claims);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await verifyAccessToken(keys, token)).toMatchObject(claims);
  });

  it("are refused after 15 minutes", async () => {
    const issued = new Date("2026-01-01T00:00:00Z");
    const { token } = await signAccessToken(keys, claims, issued);
    expect(await verifyAccessToken(keys, token, new Date("2026-01-01T00:14:59Z"))).not.toBeNull();
    expect(await verifyAccessToken(keys, token, new Date("2026-01-01T00:15:01Z"))).toBeNull();
  });

  it("are refused when signed with another secret, tampered with, or unsigned", async () => {
    const { token } = await signAccessToken(accessTokenKeys("another-secret-that-is-long-enough-000"), claims);
    expect(await verifyAccessToken(keys, token)).toBeNull();
    const [header, , signature] = (await signAccessToken(keys, claims)).token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ sub: "usr_admin", sid: "x", iss: "sluice", aud: "sluice-portal", exp: 9_999_999_999 })).toString("base64url");
    expect(await verifyAccessToken(keys, `${header}.${forgedPayload}.${signature}`)).toBeNull();
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${forgedPayload}.`;
    expect(await verifyAccessToken(keys, unsigned)).toBeNull();
    expect(await verifyAccessToken(keys, "garbage")).toBeNull();
    expect(await verifyAccessToken(keys, undefined)).toBeNull();
  });

  it("are refused when their claims are not ours", async () => {
    const token = await new SignJWT({ sid: "x" }).setProtectedHeader({ alg: "HS256" }).setSubject("usr_1").setIssuer("someone-else").setAudience("sluice-portal").setExpirationTime("5m").sign(keys.secret);
    expect(await verifyAccessToken(keys, token)).toBeNull();
  });
});

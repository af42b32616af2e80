import { SignJWT, jwtVerify, errors } from "jose";
import { z } from "zod";

/** Access tokens: HS256 JWTs that live 15 minutes and name the session family they belong to. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "sluice";
const AUDIENCE = "sluice-portal";

const ClaimsSchema = z.object({
  sub: z.string().startsWith("usr_"),
  sid: z.string().min(1),
});
export type AccessClaims = z.infer<typeof ClaimsSchema>;

export interface AccessTokenKeys {
  secret: Uint8Array;
}

export function accessTokenKeys(jwtSecret: string): AccessTokenKeys {
  return { secret: new TextEncoder().encode(jwtSecret) };
}

export async function signAccessToken(keys: AccessTokenKeys, claims: AccessClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1_000);
  const expiresAt = new Date((issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1_000);
  const token = await new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1_000))
    .sign(keys.secret);
  return { token, expiresAt };
}

/** The claims of a valid token, or null for a missing, forged, malformed or expired one. */
export async function verifyAccessToken(keys: AccessTokenKeys, token: string | undefined, now = new Date()): Promise<(AccessClaims & { exp: number }) | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    const claims = ClaimsSchema.safeParse(payload);
    return claims.success && typeof payload.exp === "number" ? { ...claims.data, exp: payload.exp } : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { OAuthProvider } from "../../../core/contracts/auth.js";
import type { Database } from "../../../core/db/client.js";
import type { Redis } from "../../../core/redis.js";
import { findUserByEmail, insertAccount, markConfirmed } from "../users.js";
import type { ExternalIdentity } from "./providers.js";

/**
 * OAuth 2.0 authorization code flow with PKCE. The state is single-use, lives 10 minutes in
 * Redis with the code verifier, and is also bound to the browser by a cookie, so a callback
 * started in another browser (login CSRF) is refused.
 */
export const OAUTH_STATE_TTL_SECONDS = 600;
const PendingSchema = z.object({ provider: z.string(), verifier: z.string() });

const stateKey = (state: string) => `oauth-state:${state}`;

export async function beginAuthorization(redis: Redis, provider: OAuthProvider): Promise<{ state: string; codeChallenge: string }> {
  const state = randomBytes(32).toString("base64url");
  const verifier = randomBytes(32).toString("base64url");
  await redis.set(stateKey(state), JSON.stringify({ provider, verifier }), "EX", OAUTH_STATE_TTL_SECONDS);
  return { state, codeChallenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** The code verifier of a pending authorization, consumed; undefined when unknown or reused. */
export async function completeAuthorization(redis: Redis, provider: OAuthProvider, state: string): Promise<string | undefined> {
  const raw = await redis.getdel(stateKey(state));
  const pending = raw ? PendingSchema.safeParse(JSON.parse(raw)) : undefined;
  return pending?.success && pending.data.provider === provider ? pending.data.verifier : undefined;
}

/** A sign-in the provider allowed but we refuse; the message is shown to the person. */
export class OAuthRefusal extends Error {}

/**
 * The account an external identity signs in to: the one already linked to it; else the account
 * with the same e-mail, linked only when the provider has verified that e-mail; else a new,
 * confirmed account without a password.
 */
export async function resolveExternalAccount(db: Database, provider: OAuthProvider, identity: ExternalIdentity): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const linked = await trx
      .selectFrom("oauth_accounts")
      .select("user_id")
      .where("provider", "=", provider)
      .where("provider_user_id", "=", identity.providerUserId)
      .executeTakeFirst();
    if (linked) return linked.user_id;

    if (!identity.email || !identity.emailVerified) {
      throw new OAuthRefusal("Your account with that provider has no verified email address. Verify one there, or sign up with email.");
    }
    const existing = await findUserByEmail(trx, identity.email);
    const userId =
      existing?.id ??
      (await insertAccount(trx, { email: identity.email, fullName: identity.name, passwordHash: null, confirmed: true, avatarUrl: identity.avatarUrl }));
    if (!userId) throw new Error("the account appeared while it was being created");
    // The provider verified the address, which confirms it here too.
    await markConfirmed(trx, userId);
    const link = await trx
      .insertInto("oauth_accounts")
      .values({ provider, provider_user_id: identity.providerUserId, user_id: userId, email: identity.email })
      .onConflict((oc) => oc.doNothing())
      .returning("user_id")
      .executeTakeFirst();
    if (!link) throw new OAuthRefusal("That email address is already linked to another account with this provider.");
    return userId;
  });
}

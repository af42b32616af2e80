import type { SignInRequest } from "../../core/contracts/auth-requests.js";
import { AppError } from "../../core/errors.js";
import { hashPassword, verifyPassword } from "../../core/passwords.js";
import type { AuthDeps, RequestOrigin } from "./auth-deps.js";
import { AUTH_RATE_RULES, accountSubject, assertUnderLimit, countFailure } from "./auth-rate-limits.js";
import { findUserByEmail } from "./users.js";

/** Verified against when no account matches, so a miss costs as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy password for timing"));

/**
 * Checks e-mail and password. Failures count against the account and the address; an account
 * or address over its limit is refused before its password is checked. An unconfirmed account
 * with the right password is refused with EMAIL_NOT_CONFIRMED.
 */
export async function verifySignIn(deps: AuthDeps, input: SignInRequest, origin: RequestOrigin): Promise<string> {
  const checks = [
    [AUTH_RATE_RULES.signInFailuresPerAccount, accountSubject(input.email)],
    [AUTH_RATE_RULES.signInFailuresPerAddress, origin.ip],
  ] as const;
  await assertUnderLimit(deps.limiter, checks);

  const user = await findUserByEmail(deps.db, input.email);
  const matches = await verifyPassword(user?.password_hash ?? (await decoy()), input.password);
  if (!user || !user.password_hash || !matches) {
    await countFailure(deps.limiter, checks);
    throw new AppError("INVALID_CREDENTIALS");
  }
  if (!user.confirmed_at) throw new AppError("EMAIL_NOT_CONFIRMED");
  return user.id;
}

import { AUTH_MESSAGES } from "../../core/contracts/auth.js";
import { type ResetPasswordRequest } from "../../core/contracts/auth-requests.js";
import { passwordChangedMessage } from "../../core/email/templates.js";
import { AppError } from "../../core/errors.js";
import { hashPassword } from "../../core/passwords.js";
import type { AuthDeps, RequestOrigin } from "./auth-deps.js";
import { AUTH_RATE_RULES, accountSubject, consumeAttempt } from "./auth-rate-limits.js";
import { consumeEmailToken, peekEmailToken } from "../../core/auth/email-tokens.js";
import { brand, requestAccountEmail, stageEmail } from "./outgoing-email.js";
import { assertStrongPassword } from "./registration.js";
import { revokeUserSessions } from "./sessions.js";
import { findUserById, markConfirmed, setPasswordHash } from "./users.js";

/** Sends a reset link if the address has an account; the answer is the same, in the same time, either way. */
export async function requestPasswordReset(deps: AuthDeps, email: string, origin: RequestOrigin): Promise<{ message: string }> {
  await consumeAttempt(deps.limiter, [
    [AUTH_RATE_RULES.emailsPerAccount, accountSubject(email)],
    [AUTH_RATE_RULES.emailsPerAddress, origin.ip],
  ]);
  await requestAccountEmail(deps, { kind: "password_reset", email });
  return { message: AUTH_MESSAGES.resetSent };
}

/**
 * Sets a new password from a reset link. The link is used up only when the new password is
 * acceptable; every existing session ends, and the owner is told by e-mail.
 */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordRequest, origin: RequestOrigin): Promise<{ message: string }> {
  await consumeAttempt(deps.limiter, [[AUTH_RATE_RULES.linkUsesPerAddress, origin.ip]]);
  const pendingUserId = await peekEmailToken(deps.db, input.token, "reset_password");
  const user = pendingUserId ? await findUserById(deps.db, pendingUserId) : undefined;
  if (!user) throw new AppError("INVALID_LINK");
  assertStrongPassword(input.password, user.email);
  const passwordHash = await hashPassword(input.password);

  const deliver = await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(trx, input.token, "reset_password");
    if (userId !== user.id) throw new AppError("INVALID_LINK");
    await setPasswordHash(trx, userId, passwordHash);
    // The link proved the address belongs to this person.
    await markConfirmed(trx, userId);
    await revokeUserSessions(trx, userId);
    return stageEmail(deps, trx, user.email, "password-changed", passwordChangedMessage(brand(deps)));
  });
  await deliver();
  return { message: AUTH_MESSAGES.passwordReset };
}

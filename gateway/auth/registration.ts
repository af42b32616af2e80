import { AUTH_MESSAGES } from "../../core/contracts/auth.js";
import { type SignUpRequest } from "../../core/contracts/auth-requests.js";
import { weakPasswordReasons } from "../../core/auth/password-policy.js";
import { stageConfirmationEmail } from "../../core/auth/account-emails.js";
import { sendQueuedEmail } from "../../core/email/send.js";
import { signUpAttemptOnExistingAccountMessage } from "../../core/email/templates.js";
import { AppError } from "../../core/errors.js";
import { hashPassword } from "../../core/passwords.js";
import type { AuthDeps, RequestOrigin } from "./auth-deps.js";
import { AUTH_RATE_RULES, accountSubject, consumeAttempt } from "./auth-rate-limits.js";
import { consumeEmailToken } from "../../core/auth/email-tokens.js";
import { brand, link, requestAccountEmail, stageEmail } from "./outgoing-email.js";
import { findUserByEmail, insertAccount, markConfirmed, type UserRecord } from "./users.js";

/** Refuses a weak password with code weak_password and one detail per reason. */
export function assertStrongPassword(password: string, email: string): void {
  const reasons = weakPasswordReasons(password, { email });
  if (reasons.length) {
    throw new AppError("weak_password", undefined, { details: reasons.map((message) => ({ field: "password", message })) });
  }
}

async function emailChecks(deps: AuthDeps, email: string, origin: RequestOrigin) {
  await consumeAttempt(deps.limiter, [
    [AUTH_RATE_RULES.emailsPerAccount, accountSubject(email)],
    [AUTH_RATE_RULES.emailsPerAddress, origin.ip],
  ]);
}

/**
 * Sign-up answers the same whether or not the address has an account, so it reveals nothing:
 * a new address gets a confirmation link; an unconfirmed one gets a fresh link; a confirmed one
 * gets a note to its owner that someone tried to sign up with it.
 */
export async function signUp(deps: AuthDeps, input: SignUpRequest, origin: RequestOrigin): Promise<{ message: string }> {
  await consumeAttempt(deps.limiter, [[AUTH_RATE_RULES.signUpsPerAddress, origin.ip]]);
  await emailChecks(deps, input.email, origin);
  assertStrongPassword(input.password, input.email);
  const passwordHash = await hashPassword(input.password);

  const deliver = await deps.db.transaction().execute(async (trx) => {
    const userId = await insertAccount(trx, { email: input.email, fullName: input.full_name, passwordHash, confirmed: false });
    if (userId) return sendConfirmation(deps, trx, { id: userId, email: input.email }, input.full_name);
    const existing = await findUserByEmail(trx, input.email);
    if (!existing) throw new Error("an e-mail conflicted but no account has it");
    if (!existing.confirmed_at) return sendConfirmation(deps, trx, existing, input.full_name);
    return stageEmail(
      deps,
      trx,
      existing.email,
      "signup-existing-account",
      signUpAttemptOnExistingAccountMessage({ ...brand(deps), signInLink: link(deps, "/signin"), resetLink: link(deps, "/forgot-password") }),
    );
  });
  await deliver();
  return { message: AUTH_MESSAGES.signUpSuccess };
}

async function sendConfirmation(deps: AuthDeps, trx: AuthDeps["db"], user: Pick<UserRecord, "id" | "email">, fullName: string) {
  const outboxId = await stageConfirmationEmail(trx, brand(deps), user, fullName);
  return () => sendQueuedEmail(deps.queues, outboxId, deps.logger);
}

/** A new confirmation link, only for an account still waiting for one; the same answer, in the same time, otherwise. */
export async function resendConfirmation(deps: AuthDeps, email: string, origin: RequestOrigin): Promise<{ message: string }> {
  await emailChecks(deps, email, origin);
  await requestAccountEmail(deps, { kind: "confirmation", email });
  return { message: AUTH_MESSAGES.confirmationSent };
}

/** Uses a confirmation link: the account is confirmed and the caller signs the user in. */
export async function confirmEmail(deps: AuthDeps, token: string, origin: RequestOrigin): Promise<string> {
  await consumeAttempt(deps.limiter, [[AUTH_RATE_RULES.linkUsesPerAddress, origin.ip]]);
  return deps.db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(trx, token, "confirm_email");
    if (!userId) throw new AppError("INVALID_LINK");
    await markConfirmed(trx, userId);
    return userId;
  });
}

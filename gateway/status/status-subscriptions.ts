import { STATUS_LINK_PARAMS, STATUS_MESSAGES, type StatusMessage } from "../../core/contracts/status.js";
import { hashToken, newSecretToken } from "../../core/auth/secret-tokens.js";
import { statusAlreadySubscribedMessage, statusSubscriptionConfirmMessage } from "../../core/email/status-templates.js";
import { AppError } from "../../core/errors.js";
import type { RateLimitRule } from "../../core/rate-limit.js";
import type { AuthDeps } from "../auth/auth-deps.js";
import { AUTH_RATE_RULES, accountSubject, consumeAttempt } from "../auth/auth-rate-limits.js";
import { brand, link, stageEmail } from "../auth/outgoing-email.js";
import { verifySignedUnsubscribeToken } from "./incident-notices.js";
import {
  confirmSubscriber,
  insertPendingSubscriber,
  lockSubscriberByEmail,
  reissueSubscriberTokens,
  replaceUnsubscribeToken,
  unsubscribeSubscriber,
  unsubscribeSubscriberById,
} from "./subscriber-queries.js";

/** How long a confirmation link works after it was sent. */
export const CONFIRM_LINK_DAYS = 7;

/** Subscribing e-mails someone: limited per client address and, so no inbox is flooded, per e-mail address. */
export const SUBSCRIBE_RATE_RULES = {
  perClientAddress: { name: "status-subscribe-address", limit: 10, windowMs: 60 * 60_000 },
  perEmail: { name: "status-subscribe-email", limit: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Asks an address to confirm its subscription. The answer is the same whether or not it is
 * already subscribed; an address already subscribed gets a notice with a fresh unsubscribe link.
 */
export async function requestStatusSubscription(deps: AuthDeps, email: string, clientAddress: string): Promise<StatusMessage> {
  await consumeAttempt(deps.limiter, [
    [SUBSCRIBE_RATE_RULES.perClientAddress, clientAddress],
    [SUBSCRIBE_RATE_RULES.perEmail, accountSubject(email)],
  ]);
  const now = new Date();
  const confirmToken = newSecretToken();
  const unsubscribeToken = newSecretToken();
  const tokens = { confirmHash: hashToken(confirmToken), unsubscribeHash: hashToken(unsubscribeToken) };
  const unsubscribeLink = link(deps, "/status", { [STATUS_LINK_PARAMS.unsubscribe]: unsubscribeToken });

  const deliver = await deps.db.transaction().execute(async (trx) => {
    const confirmation = () =>
      stageEmail(
        deps,
        trx,
        email,
        "status-subscription-confirm",
        statusSubscriptionConfirmMessage({
          ...brand(deps),
          confirmLink: link(deps, "/status", { [STATUS_LINK_PARAMS.confirm]: confirmToken }),
          unsubscribeLink,
          expiresInDays: CONFIRM_LINK_DAYS,
        }),
      );
    if (await insertPendingSubscriber(trx, email, tokens, now)) return confirmation();
    const existing = await lockSubscriberByEmail(trx, email);
    if (!existing) throw new Error("status subscriber vanished inside its transaction");
    if (existing.confirmed_at && !existing.unsubscribed_at) {
      await replaceUnsubscribeToken(trx, existing.id, tokens.unsubscribeHash);
      const notice = statusAlreadySubscribedMessage({ ...brand(deps), statusLink: link(deps, "/status"), unsubscribeLink });
      return stageEmail(deps, trx, email, "status-already-subscribed", notice);
    }
    await reissueSubscriberTokens(trx, existing.id, tokens, now);
    return confirmation();
  });
  await deliver();
  return { message: STATUS_MESSAGES.subscribeSent };
}

export async function confirmStatusSubscription(deps: AuthDeps, token: string, clientAddress: string): Promise<StatusMessage> {
  await consumeAttempt(deps.limiter, [[AUTH_RATE_RULES.linkUsesPerAddress, clientAddress]]);
  const now = new Date();
  const sentAfter = new Date(now.getTime() - CONFIRM_LINK_DAYS * 86_400_000);
  if (!(await confirmSubscriber(deps.db, hashToken(token), sentAfter, now))) throw new AppError("INVALID_LINK");
  return { message: STATUS_MESSAGES.confirmed };
}

export async function endStatusSubscription(deps: AuthDeps, token: string, clientAddress: string): Promise<StatusMessage> {
  await consumeAttempt(deps.limiter, [[AUTH_RATE_RULES.linkUsesPerAddress, clientAddress]]);
  const signedFor = verifySignedUnsubscribeToken(deps.config.JWT_SECRET, token);
  const ended = signedFor ? await unsubscribeSubscriberById(deps.db, signedFor, new Date()) : await unsubscribeSubscriber(deps.db, hashToken(token), new Date());
  if (!ended) throw new AppError("INVALID_LINK");
  return { message: STATUS_MESSAGES.unsubscribed };
}

import { sql } from "kysely";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { queueEmail } from "../email/outbox.js";
import { confirmEmailMessage, resetPasswordMessage } from "../email/templates.js";
import { TOKEN_LIFETIME_MS, issueEmailToken } from "./email-tokens.js";

/**
 * The e-mails an address asks for without signing in: a password reset, and a new confirmation
 * link. Whether one goes out depends on the account behind the address, so the request that asks
 * only queues the question (the `account-email` job) and answers at once, the same way and in
 * the same time whatever the answer; the engine looks the account up and writes the e-mail into
 * the outbox (SECURITY.md, account enumeration).
 */
export const AccountEmailRequestSchema = z.object({
  kind: z.enum(["password_reset", "confirmation"]),
  email: z.string().trim().max(254).pipe(z.email()),
});
export type AccountEmailRequest = z.infer<typeof AccountEmailRequestSchema>;

/** What every template needs from the configuration. */
export interface Product {
  productName: string;
  publicUrl: string;
}

export function productLink(product: Product, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, product.publicUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** A fresh confirmation link to the account's address, in the caller's transaction; answers the outbox id. */
export async function stageConfirmationEmail(trx: Database, product: Product, user: { id: string; email: string }, fullName: string): Promise<string> {
  const token = await issueEmailToken(trx, user.id, "confirm_email");
  const message = confirmEmailMessage({ ...product, fullName, link: productLink(product, "/", { confirmation_token: token }) });
  return queueEmail(trx, { to: user.email, template: "confirm-email", ...message });
}

/**
 * Writes the asked-for e-mail into the outbox when the account calls for one (a reset link for
 * any account; a confirmation link for an account still unconfirmed), in one transaction.
 * Answers the outbox id, or undefined when nothing is sent.
 */
export async function stageAccountEmail(db: Database, product: Product, request: AccountEmailRequest): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .leftJoin("profiles", "profiles.user_id", "users.id")
      .select(["users.id", "users.email", "users.confirmed_at", "profiles.full_name"])
      .where(sql<boolean>`lower(users.email) = lower(${request.email})`)
      .executeTakeFirst();
    if (!user) return undefined;
    if (request.kind === "confirmation") {
      return user.confirmed_at ? undefined : stageConfirmationEmail(trx, product, user, user.full_name ?? "");
    }
    const token = await issueEmailToken(trx, user.id, "reset_password");
    const message = resetPasswordMessage({ ...product, link: productLink(product, "/reset-password", { token }), expiresInMinutes: TOKEN_LIFETIME_MS.reset_password / 60_000 });
    return queueEmail(trx, { to: user.email, template: "reset-password", ...message });
  });
}

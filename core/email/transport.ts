import { createTransport } from "nodemailer";

/**
 * The SMTP transport (smtp:// or smtps://, credentials in the URL). Pooled: connections are
 * reused between messages and closed after a minute idle. Every network step has a timeout so a
 * silent server fails the job (and BullMQ retries it) instead of holding a worker forever.
 */
export function createMailTransport(smtpUrl: string) {
  return createTransport({
    pool: true,
    url: smtpUrl,
    maxConnections: 5,
    idleTimeout: 60_000,
    // A connection the server closed while idle gets one more try; other retries are the queue's.
    maxRequeues: 1,
    dnsTimeout: 10_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
}

export type MailTransport = ReturnType<typeof createMailTransport>;

/** What the engine needs to send: a transport and the From header (MAIL_FROM). */
export interface MailSender {
  transport: MailTransport;
  from: string;
}

import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  /** The message as the client sent it: headers, blank line, MIME body. */
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Messages whose envelope recipients include `address`. */
  receivedFor: (address: string) => ReceivedMail[];
  close: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (a random port unless given) that keeps every message it
 * accepts. Recipients whose local part starts with `reject` are refused with a permanent 550,
 * like an unknown mailbox.
 */
export async function startTestSmtpServer(listenPort = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Clients that keep a pooled connection open are cut off when the test closes the server.
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith("reject")) return callback();
      callback(Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          mailFrom: mailFrom ? mailFrom.address : "",
          rcptTo: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    receivedFor: (address) => received.filter((mail) => mail.rcptTo.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a MIME message (quoted-printable soft breaks and escapes undone). */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

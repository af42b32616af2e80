import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/**
 * Every log line of a test run (the in-process apps and engines, and the gateway and engine
 * processes the tests start) is appended under this directory; the run's global teardown then
 * looks through all of it for secrets (SECURITY.md: no key, token, password or card digit in logs).
 */
export const CAPTURED_LOG_DIR = "test-results/logs";

let file: string | undefined;

/** Appends log output (one or more lines) to this process's file. */
export function captureLog(source: string, text: string): void {
  if (!text) return;
  if (!file) {
    mkdirSync(CAPTURED_LOG_DIR, { recursive: true });
    file = join(CAPTURED_LOG_DIR, `${process.pid}.log`);
  }
  const lines = text.endsWith("\n") ? text : `${text}\n`;
  appendFileSync(file, lines.replace(/^/gm, `[${source}] `).replace(/\[[^\]]*\] $/, ""));
}

export function clearCapturedLogs(): void {
  rmSync(CAPTURED_LOG_DIR, { recursive: true, force: true });
}

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";
const TEST_SECRETS = ["velvet-harbor-42", "e2e-admin-passphrase"];
/** The test cards of the payment stand-ins (testing/payment-stand.ts, testing/pesapal-sandbox.ts), spaced or not. */
const CARD_NUMBERS = ["4111111111111111", "4000000000000002", "4111 1111 1111 1111"];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What must never appear in a log line, by what it is. */
export const SECRET_PATTERNS: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: "API key", pattern: new RegExp(`sk_(?:live|test)_${BASE58}{39}`) },
  { kind: "legacy API key", pattern: /\bak_[A-Za-z0-9_-]{16,128}\b/ },
  { kind: "webhook secret", pattern: /whsec_[A-Za-z0-9+/]{20,}/ },
  { kind: "JSON Web Token", pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  { kind: "bearer credential", pattern: /Bearer [A-Za-z0-9._~+/-]{16,}/ },
  { kind: "inbound hook secret", pattern: /\/hooks\/[^/\s"]+\/(?!\*\*\*)[^/\s"?]+/ },
  // Refresh, confirmation and reset tokens and hook secrets are 32 random bytes in base64url.
  { kind: "secret token", pattern: /(?<![\w-])[A-Za-z0-9_-]{43}(?![\w-])/ },
  { kind: "test password", pattern: new RegExp(TEST_SECRETS.map(escape).join("|")) },
  { kind: "card number", pattern: new RegExp(CARD_NUMBERS.map(escape).join("|")) },
];

/** Each line of `text` holding a secret, with its line number (after `source`) and kind, the secret itself masked. */
export function findSecretsInText(text: string, source = "log"): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    for (const { kind, pattern } of SECRET_PATTERNS) {
      const match = pattern.exec(line);
      if (match) found.push(`${source}:${index + 1}: ${kind}: ${line.replace(match[0], `${match[0].slice(0, 6)}…`).slice(0, 300)}`);
    }
  });
  return found;
}

/** Each log line of the captured files holding a secret, with the file, line number and kind (the secret itself masked). */
export function findSecretsInLogs(dir = CAPTURED_LOG_DIR): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => findSecretsInText(readFileSync(join(dir, name), "utf8"), name));
}

/**
 * For a global teardown: fails the run, listing where, when its logs hold a secret. Vitest only
 * reports an error thrown by a teardown, so the exit code is set too.
 */
export function assertNoSecretsInLogs(): void {
  const found = findSecretsInLogs();
  if (!found.length) return;
  process.exitCode = 1;
  throw new Error(`Secrets in the test run's logs (${found.length}):\n${found.slice(0, 20).join("\n")}`);
}

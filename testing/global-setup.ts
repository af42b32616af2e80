import { assertNoSecretsInLogs, clearCapturedLogs } from "./captured-logs.js";
import { createTemplateDatabase } from "./database.js";

/**
 * Vitest global setup for integration tests: one migrated template per run; afterwards, the
 * whole run's logs are searched for secrets (keys, tokens, passwords, card numbers).
 */
export default async function setup(): Promise<() => void> {
  clearCapturedLogs();
  await createTemplateDatabase();
  return assertNoSecretsInLogs;
}

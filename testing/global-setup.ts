import { createTemplateDatabase } from "./database.js";

/** Vitest global setup for integration and e2e tests: one migrated template per run. */
export default async function setup(): Promise<void> {
  await createTemplateDatabase();
}

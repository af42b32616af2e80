import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useAnalyticsStack } from "../../../testing/analytics.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { waitFor } from "../../../testing/wait-for.js";
import type { Auth } from "../../../testing/gateway.js";
import { DatasetSchema } from "../../../core/contracts/datasets.js";

const { dataDir, testApp } = useAnalyticsStack({ gateway: { ANALYSIS_WAIT_MS: "0" } });

const db = () => testApp.current.database.db;

async function upload(auth: Auth, body: string, contentType: string) {
  const response = await testApp.current.app.request("/v1/datasets", { method: "POST", headers: { ...auth, "Content-Type": contentType }, body });
  expect(response.status).toBe(202);
  return DatasetSchema.parse(await response.json());
}

async function settled(auth: Auth, id: string) {
  return waitFor(async () => {
    const dataset = DatasetSchema.parse(await (await testApp.current.app.request(`/v1/datasets/${id}`, { headers: auth })).json());
    return dataset.status === "processing" ? undefined : dataset;
  });
}

const files = () => readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !join(e.parentPath, e.name).includes("/tmp/"));

describe("POST /v1/datasets beyond the wait budget", () => {
  it("answers 202 processing, and the dataset becomes ready", async () => {
    const { authorization } = await createKeyedAccount(db());
    const accepted = await upload(authorization, "a,b\n1,x\n2,y\n", "text/csv");
    expect(accepted).toMatchObject({ status: "processing", row_count: null, schema: null });
    const dataset = await settled(authorization, accepted.id);
    expect(dataset).toMatchObject({ status: "ready", row_count: 2, schema: [{ name: "a", type: "integer" }, { name: "b", type: "string" }] });
    expect(dataset.ready_at).not.toBeNull();
  });

  it("marks an unreadable upload failed with the reader's error and removes its files", async () => {
    const { authorization } = await createKeyedAccount(db());
    const accepted = await upload(authorization, "[1, 2", "application/json");
    const dataset = await settled(authorization, accepted.id);
    expect(dataset.status).toBe("failed");
    expect(dataset.error).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringMatching(/could not be read as JSON/) });
    expect(files().filter((e) => e.name.startsWith(accepted.id))).toEqual([]);
  });
});

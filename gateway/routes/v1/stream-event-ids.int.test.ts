import { describe, expect, it } from "vitest";
import { IngestResultSchema, type StreamEvent } from "../../../core/contracts/streams.js";
import { createKeyedAccount } from "../../../testing/accounts.js";
import { createApiCaller, useTestApp } from "../../../testing/gateway.js";
import { streamKeys } from "../../streams/stream-state.js";

/**
 * A stream remembers the ids of its newest STREAM_EVENT_IDS_KEPT events (within 24 hours) for
 * idempotency, so a busy stream's Redis memory is bounded: 430 events/s kept for a day would be
 * 37 million ids (over 3 GB) for one stream.
 */
const testApp = useTestApp({ STREAM_EVENT_IDS_KEPT: "3" });
const call = createApiCaller(testApp);

const event = (id: string): StreamEvent => ({ id, timestamp: "2026-11-25T10:00:00.000Z", fields: { load: 1 } });

describe("stream event ids", () => {
  it("keeps the newest ids only: a repeat among them is a duplicate, an older one is accepted again", async () => {
    const { userId, authorization } = await createKeyedAccount(testApp.current.database.db);
    const ingest = async (ids: string[]) => {
      const response = await call(authorization, "POST", "/v1/streams/busy/events", { events: ids.map(event) });
      expect(response.status).toBe(200);
      return IngestResultSchema.parse(await response.json());
    };
    expect(await ingest(["a", "b", "c", "d", "e"])).toMatchObject({ accepted: 5, duplicates: 0 });
    expect(await ingest(["c", "d", "e"])).toMatchObject({ accepted: 0, duplicates: 3 });
    expect(await ingest(["a"])).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await testApp.current.redis.zcard(streamKeys({ userId, mode: "live", name: "busy" }).ids)).toBe(3);
  });
});

import { readEvents } from "../testing/sse.js";
import { percentile, runLoad } from "./load-generator.js";

/**
 * The streams part of `npm run bench` (issue 11), against a running gateway:
 * - ingest: batches of 100 events (3 numeric fields, unique ids) posted to one stream by 8
 *   connections as fast as they are answered, as events per second with the batch latency;
 * - event to SSE: one-event batches sent one at a time (every 50 ms) while a subscriber follows
 *   the stream's live view: the time from sending a batch to receiving its statistics event.
 */
export interface StreamFigures {
  ingest: { batches: number; eventsPerSecond: number; batchP50: number; batchP99: number; non2xx: number; errors: number };
  eventToSse: { samples: number; p50: number; p99: number };
}

const BATCH = 100;
const CONNECTIONS = 8;
const SSE_SAMPLES = 300;
const SSE_GAP_MS = 50;

function batchBody(sequence: number): string {
  const events = Array.from({ length: BATCH }, (_, i) => {
    const n = sequence * BATCH + i;
    return { id: `b${sequence}-${i}`, timestamp: new Date(Date.UTC(2026, 10, 25) + n * 10).toISOString(), fields: { latency_ms: 120 + (n % 37), bytes: 2_000 + (n % 101) * 3, items: 1 + (n % 5) } };
  });
  return JSON.stringify({ events });
}

export async function measureStreams(options: { gatewayUrl: string; secret: string; seconds: number }): Promise<StreamFigures> {
  const headers = { Authorization: `Bearer ${options.secret}`, "Content-Type": "application/json" };

  const ingestUrl = `${options.gatewayUrl}/v1/streams/bench-ingest/events`;
  let offset = 0;
  const load = async (seconds: number) => {
    const start = offset;
    const figures = await runLoad({ url: ingestUrl, method: "POST", headers, body: (n) => batchBody(start + n), connections: CONNECTIONS, seconds });
    offset += figures.requests + CONNECTIONS;
    return figures;
  };
  await load(3);
  const ingest = await load(options.seconds);

  const post = (body: string) => fetch(`${options.gatewayUrl}/v1/streams/bench-live/events`, { method: "POST", headers, body });
  const first = await post(JSON.stringify({ events: [{ id: "seed", timestamp: new Date().toISOString(), fields: { v: 1 } }] }));
  if (!first.ok) throw new Error(`stream ingest: ${first.status} ${await first.text()}`);
  const live = await fetch(`${options.gatewayUrl}/v1/streams/bench-live/live`, { headers });
  if (!live.ok) throw new Error(`stream live view: ${live.status}`);
  const events = readEvents(live);
  const latencies: number[] = [];
  try {
    await events.next();
    for (let i = 1; i <= SSE_SAMPLES; i++) {
      const sent = performance.now();
      const answered = post(JSON.stringify({ events: [{ id: `live-${i}`, timestamp: new Date().toISOString(), fields: { v: 1 + (i % 7) } }] }));
      for (;;) {
        const event = await events.next();
        if (event.event !== "statistics") continue;
        const { events: count } = JSON.parse(event.data) as { events: number };
        if (count === i + 1) break;
      }
      latencies.push(performance.now() - sent);
      if (!(await answered).ok) throw new Error("a live-view batch was refused");
      await new Promise((resolve) => setTimeout(resolve, SSE_GAP_MS));
    }
  } finally {
    await events.close();
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    ingest: { batches: ingest.requests, eventsPerSecond: Math.round(ingest.rps * BATCH), batchP50: ingest.p50, batchP99: ingest.p99, non2xx: ingest.non2xx, errors: ingest.errors },
    eventToSse: { samples: latencies.length, p50: round(percentile(latencies, 0.5)), p99: round(percentile(latencies, 0.99)) },
  };
}

import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { STREAM_NAME_MESSAGE, STREAM_NAME_PATTERN, StreamLiveUpdateSchema } from "../../../core/contracts/streams.js";
import type { Redis } from "../../../core/redis.js";
import type { AppEnv } from "../../app-env.js";
import { errorResponses } from "../../http/error-responses.js";
import type { StreamHub } from "../../streams/stream-hub.js";
import { readStreamStatistics } from "../../streams/stream-state.js";
import type { ApiSurface } from "../../http/api-surface.js";
import type { Owner } from "../../workflows/workflow-queries.js";
import { API_KEY_SECURITY } from "../../openapi-document.js";

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How often an open stream checks whether the process is shutting down. */
const SHUTDOWN_CHECK_MS = 1_000;

const liveRoute = (surface: ApiSurface<Owner>) => createRoute({
  method: "get",
  path: `${surface.prefix}/streams/{name}/live`,
  tags: ["Streams"],
  summary: "Follow a stream live (Server-Sent Events)",
  description:
    "An `text/event-stream` that sends a `statistics` event on connect and after every batch that changes the stream (the same " +
    "statistics as GET /v1/streams/{name}), and an `anomaly` event for each anomaly a batch raises. Any gateway serves any " +
    "subscriber. A stream that has no event yet is followed too (its first statistics show 0 events), so a monitor can start " +
    "before its producer; names are per account (and mode), so this says nothing about other accounts' streams. " +
    "A comment line every 15 s keeps the connection open through proxies. Metered as one request when it opens.",
  ...(surface.hide ? { hide: true } : { security: API_KEY_SECURITY }),
  request: { params: z.object({ name: z.string().regex(STREAM_NAME_PATTERN, STREAM_NAME_MESSAGE).openapi({ param: { name: "name", in: "path" }, example: "checkout-latency" }) }) },
  responses: {
    200: { description: "The event stream.", content: { "text/event-stream": { schema: z.string().openapi({ example: 'event: statistics\ndata: {"events":42,"fields":{},"anomalies":[]}\n\n' }) } } },
    ...errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "QUOTA_EXCEEDED"),
  },
});

function parseUpdate(message: string) {
  try {
    return StreamLiveUpdateSchema.safeParse(JSON.parse(message));
  } catch {
    return { success: false as const };
  }
}

/** GET …/streams/{name}/live: the stream's statistics and anomalies as they change. */
export function registerStreamLive(app: OpenAPIHono<AppEnv>, deps: { redis: Redis; hub: StreamHub; now: () => Date; isShuttingDown: () => boolean }, surface: ApiSurface<Owner>) {
  app.openapi(liveRoute(surface), async (c) => {
    const owner = surface.principal(c);
    const { name } = c.req.valid("param");
    // No existence check: the account's stream of that name is followed whether or not it has events yet.
    const ref = { ...owner, name };
    return streamSSE(c, async (stream) => {
      let lastWrite = Date.now();
      const send = async (event: string, data: unknown) => {
        lastWrite = Date.now();
        await stream.writeSSE({ event, data: JSON.stringify(data) });
      };
      // Updates that arrive while the snapshot is read wait behind it, then go out in order.
      let openGate = () => undefined as void;
      let ready = new Promise<void>((resolve) => (openGate = resolve));
      const stop = await deps.hub.listen(ref, (message) => {
        const parsed = parseUpdate(message);
        if (!parsed.success) return;
        ready = ready
          .then(async () => {
            await send("statistics", parsed.data.statistics);
            for (const anomaly of parsed.data.anomalies) await send("anomaly", anomaly);
          })
          .catch(() => undefined);
      });
      try {
        await send("statistics", await readStreamStatistics(deps.redis, ref, deps.now()));
        openGate();
        while (!stream.aborted && !stream.closed && !deps.isShuttingDown()) {
          await stream.sleep(SHUTDOWN_CHECK_MS);
          if (Date.now() - lastWrite >= HEARTBEAT_MS) {
            lastWrite = Date.now();
            await stream.write(": heartbeat\n\n");
          }
        }
      } finally {
        stop();
      }
    });
  });
}

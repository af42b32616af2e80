import type { Logger } from "../../core/logger.js";
import type { Redis } from "../../core/redis.js";
import type { StreamRef } from "./stream-state.js";

/**
 * Live updates of streams between gateway processes: the gateway that ingests a batch publishes
 * the stream's new statistics on the stream's Redis channel, and every gateway with a
 * `/live` subscriber of that stream receives them. One subscriber connection per process serves
 * all its subscribers: a channel is subscribed while at least one of them listens to it.
 */
export type StreamListener = (message: string) => void;

export function streamChannel(redisKeyPrefix: string, ref: StreamRef): string {
  return `${redisKeyPrefix}stream-live:{${ref.userId}}:${ref.mode}:${ref.name}`;
}

export function createStreamHub(deps: { subscriber: Redis; redisKeyPrefix: string; logger: Logger }) {
  const listeners = new Map<string, Set<StreamListener>>();
  let attached = false;
  const onMessage = (channel: string, message: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(message);
  };

  return {
    /** Calls `listener` with each update of the stream until the returned function is called. */
    async listen(ref: StreamRef, listener: StreamListener): Promise<() => void> {
      if (!attached) {
        deps.subscriber.on("message", onMessage);
        attached = true;
      }
      const channel = streamChannel(deps.redisKeyPrefix, ref);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await deps.subscriber.subscribe(channel);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(channel);
        deps.subscriber.unsubscribe(channel).catch((error: unknown) => deps.logger.warn({ err: error }, "stream unsubscribe failed"));
      };
    },
    /** Channels with at least one listener in this process (for tests and metrics). */
    channels: () => listeners.size,
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;

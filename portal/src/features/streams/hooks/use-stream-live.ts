import { useEffect, useState } from "react";
import { StreamLiveUpdateSchema } from "../../../../../core/contracts/streams";
import { openStreamLive, type StreamMode } from "../api/streams-api";

const StatisticsSchema = StreamLiveUpdateSchema.shape.statistics;
export type LiveStatistics = ReturnType<typeof StatisticsSchema.parse>;

/** connecting: no statistics yet; live: following; reconnecting: the browser is retrying; closed: the server refused (stream gone). */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "closed";

function parseStatistics(data: unknown): LiveStatistics | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = StatisticsSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Follows a stream's statistics as batches arrive (the first event is the current state). */
export function useStreamLive(mode: StreamMode, name: string) {
  const [statistics, setStatistics] = useState<LiveStatistics | null>(null);
  const [status, setStatus] = useState<LiveStatus>("connecting");

  useEffect(() => {
    const source = openStreamLive(mode, name);
    const onStatistics = (event: MessageEvent) => {
      const parsed = parseStatistics(event.data);
      if (!parsed) return;
      setStatistics(parsed);
      setStatus("live");
    };
    source.addEventListener("statistics", onStatistics);
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? "closed" : "reconnecting");
    return () => {
      source.removeEventListener("statistics", onStatistics);
      source.close();
    };
  }, [mode, name]);

  return { statistics, status };
}

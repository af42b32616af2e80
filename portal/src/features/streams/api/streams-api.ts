import { StreamDetailSchema, StreamListSchema, type StreamDetail, type StreamSummary } from "../../../../../core/contracts/streams";
import { apiRequest } from "../../../lib/api-client";
import { env } from "../../../lib/env";

/** The dashboard's read-only copy of the streams API (/api, cookie session). */

export type StreamMode = "live" | "test";

/** The dashboard lists at most this many streams. */
const STREAM_PAGE = 100;

const streamPath = (name: string) => `/api/streams/${encodeURIComponent(name)}`;

export async function listStreams(mode: StreamMode, signal?: AbortSignal): Promise<StreamSummary[]> {
  const { streams } = await apiRequest(`/api/streams?limit=${STREAM_PAGE}&mode=${mode}`, { schema: StreamListSchema, signal });
  return streams;
}

export function getStream(mode: StreamMode, name: string, signal?: AbortSignal): Promise<StreamDetail> {
  return apiRequest(`${streamPath(name)}?mode=${mode}`, { schema: StreamDetailSchema, signal });
}

/** Opens the stream's Server-Sent Events (statistics after every batch, one event per anomaly). */
export function openStreamLive(mode: StreamMode, name: string): EventSource {
  return new EventSource(`${env.apiBaseUrl}${streamPath(name)}/live?mode=${mode}`, { withCredentials: true });
}

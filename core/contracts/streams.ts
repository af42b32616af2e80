import { z } from "zod";

/**
 * The public API of real-time streams (`/v1/streams`, issue 11), shared by the gateway and the
 * portal. A stream belongs to an account and a mode (test keys have their own streams); its
 * statistics are kept incrementally per numeric field (gateway/streams/ingest-script.ts).
 */

export const STREAM_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** Field names may not contain the "|" and "," the Redis state uses as separators. */
export const STREAM_FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
export const MAX_EVENTS_PER_BATCH = 1_000;
export const MAX_FIELDS_PER_EVENT = 50;
export const MAX_DIMENSIONS_PER_EVENT = 20;
/**
 * Field values one batch may carry in all: one Lua script updates them atomically, about 12 µs a
 * value, so a batch holds Redis for at most ~60 ms (well inside the metered client's timeout).
 */
export const MAX_VALUES_PER_BATCH = 5_000;
/** Anomalies kept per stream (newest first). */
export const ANOMALIES_KEPT = 20;

export const STREAM_NAME_MESSAGE = "name must be 1 to 63 lower-case letters, digits, '_' or '-', starting with a letter or digit";
export const StreamNameSchema = z.string().regex(STREAM_NAME_PATTERN, STREAM_NAME_MESSAGE);

const FieldsSchema = z
  .record(z.string().regex(STREAM_FIELD_PATTERN, "field names must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or '_'"), z.number().finite())
  .refine((fields) => Object.keys(fields).length >= 1, "fields must hold at least one numeric field")
  .refine((fields) => Object.keys(fields).length <= MAX_FIELDS_PER_EVENT, `fields may hold at most ${MAX_FIELDS_PER_EVENT} fields`);

const DimensionsSchema = z
  .record(z.string().min(1).max(64), z.string().max(256))
  .refine((dimensions) => Object.keys(dimensions).length <= MAX_DIMENSIONS_PER_EVENT, `dimensions may hold at most ${MAX_DIMENSIONS_PER_EVENT} entries`);

export const StreamEventSchema = z.object({
  id: z.string().min(1, "id is required").max(100, "id must be at most 100 characters"),
  timestamp: z.iso.datetime({ offset: true, error: "timestamp must be an ISO 8601 date-time" }),
  fields: FieldsSchema,
  dimensions: DimensionsSchema.optional(),
});
export type StreamEvent = z.infer<typeof StreamEventSchema>;

export const StreamEventBatchSchema = z.object({
  events: z
    .array(StreamEventSchema)
    .min(1, "events must hold at least one event")
    .max(MAX_EVENTS_PER_BATCH, `events may hold at most ${MAX_EVENTS_PER_BATCH} events`)
    .refine((events) => events.reduce((values, event) => values + Object.keys(event.fields).length, 0) <= MAX_VALUES_PER_BATCH, {
      message: `a batch may carry at most ${MAX_VALUES_PER_BATCH} field values in all; split it into smaller batches`,
    }),
});
export type StreamEventBatch = z.infer<typeof StreamEventBatchSchema>;

export const StreamAnomalySchema = z.object({
  event_id: z.string(),
  field: z.string(),
  /** The value's position among the field's values (1 for its first): `recent` of the field's statistics ends at `count`. */
  sequence: z.number().int(),
  value: z.number(),
  /** The robust z-score of the value's residual from the field's local level; null when the recent residuals had no spread (any other residual is flagged). */
  score: z.number().nullable(),
});
export type StreamAnomaly = z.infer<typeof StreamAnomalySchema>;

export const IngestResultSchema = z.object({
  stream: z.string(),
  accepted: z.number().int(),
  duplicates: z.number().int(),
  anomalies: z.array(StreamAnomalySchema),
});
export type IngestResult = z.infer<typeof IngestResultSchema>;

export const StreamSummarySchema = z.object({
  name: z.string(),
  mode: z.enum(["live", "test"]),
  /** The stream's history as a dataset (one row a minute) for /v1/data/analyze; null only for a stream older than stream datasets, until its next batch. */
  dataset_id: z.string().nullable(),
  created_at: z.string(),
  last_event_at: z.string().nullable(),
});
export type StreamSummary = z.infer<typeof StreamSummarySchema>;

export const StreamListSchema = z.object({
  streams: z.array(StreamSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const StoredAnomalySchema = StreamAnomalySchema.extend({ detected_at: z.string() });
export type StoredAnomaly = z.infer<typeof StoredAnomalySchema>;

export const FieldStatisticsSchema = z.object({
  count: z.number().int(),
  mean: z.number(),
  /** Sample variance (M2 / (count − 1)); 0 below two values. */
  variance: z.number(),
  stddev: z.number(),
  min: z.number(),
  max: z.number(),
  /** Exponentially weighted moving average, alpha 0.1 (the first value starts it). */
  ewma: z.number(),
  /** Values received over the last 60 minutes (by arrival), per minute of that span. */
  rate_per_minute: z.number(),
  /** The field's last values (at most 100), oldest first; the last is value number `count`. */
  recent: z.array(z.number()),
  last_anomalies: z.array(StoredAnomalySchema),
});
export type FieldStatistics = z.infer<typeof FieldStatisticsSchema>;

export const StreamDetailSchema = StreamSummarySchema.extend({
  events: z.number().int(),
  fields: z.record(z.string(), FieldStatisticsSchema),
  anomalies: z.array(StoredAnomalySchema),
});
export type StreamDetail = z.infer<typeof StreamDetailSchema>;

export const DeletedStreamSchema = z.object({ message: z.string(), deleted_at: z.string() });

/**
 * What `/v1/streams/{name}/live` sends (Server-Sent Events): `statistics` events carry the
 * stream's statistics (on connect, then after every batch that changed them), `anomaly` events
 * each anomaly as a batch raises it.
 */
export const StreamLiveUpdateSchema = z.object({
  statistics: z.object({ events: z.number().int(), fields: z.record(z.string(), FieldStatisticsSchema), anomalies: z.array(StoredAnomalySchema) }),
  anomalies: z.array(StreamAnomalySchema),
});
export type StreamLiveUpdate = z.infer<typeof StreamLiveUpdateSchema>;

import { z } from "zod";

/** An attempt of a delivery claimed for one maker: what sending and recording it needs. */
export interface ClaimedAttempt {
  eventId: string;
  endpointId: string;
  runStartAttempt: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** Start of the endpoint's current run of failures, if any (a success ends it). */
  failingSince: Date | null;
  /** The stored event body, parsed by the maker. */
  payload: unknown;
}

/** A first attempt claimed by the statement that recorded its event (see NewWebhookEvent.claimFirstAttempts). */
export interface ClaimedDelivery {
  deliveryId: string;
  claim: ClaimedAttempt;
}

/** The endpoint of a claimed first attempt, as that statement returns it (JSON: timestamps as text). */
export const ClaimedEndpointSchema = z.object({
  delivery_id: z.string(),
  endpoint_id: z.string(),
  url: z.string(),
  secret: z.string(),
  previous_secret: z.string().nullable(),
  previous_secret_expires_at: z.coerce.date().nullable(),
  failing_since: z.coerce.date().nullable(),
});

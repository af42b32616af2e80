import { z } from "zod";

/** Navigation state that opens the sign-in page's "resend confirmation" panel (after a stale confirmation link). */
export const OfferResendStateSchema = z.object({ offerResend: z.literal(true) });
export type OfferResendState = z.infer<typeof OfferResendStateSchema>;
export const OFFER_RESEND_STATE: OfferResendState = { offerResend: true };

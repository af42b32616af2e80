export { Sluice, type SluiceOptions } from "./client.js";
export { SluiceError, WebhookVerificationError, type ErrorDetail } from "./errors.js";
export { OPERATIONS, type PublicOperationId } from "./operations.js";
export type { JsonBody, Ok, Query, RateLimitInfo, RawBody, RequestOptions, ServerSentEvent } from "./types.js";
export type { components, operations, paths } from "./openapi.js";
export { verifyWebhook, DEFAULT_TOLERANCE_SECONDS, type VerifyWebhookInput } from "./webhooks.js";

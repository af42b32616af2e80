export { Sluice, type SluiceOptions } from "./client.js";
export { AuthenticationError, ConflictError, NetworkError, NotFoundError, PermissionDeniedError, RateLimitError, ServerError, SluiceError, ValidationError, WebhookVerificationError, type ErrorDetail, } from "./errors.js";
export { CURSOR_LISTS, LISTS, OPERATIONS, type ListOperationId, type PublicOperationId } from "./operations.js";
export type { JsonBody, ListItem, Ok, Query, RateLimitInfo, RawBody, RequestOptions, ServerSentEvent } from "./types.js";
export type { components, operations, paths } from "./openapi.js";
export { verifyWebhook, DEFAULT_TOLERANCE_SECONDS, type VerifyWebhookInput } from "./webhooks.js";

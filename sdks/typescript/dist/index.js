export { Sluice } from "./client.js";
export { AuthenticationError, ConflictError, NetworkError, NotFoundError, PermissionDeniedError, RateLimitError, ServerError, SluiceError, ValidationError, WebhookVerificationError, } from "./errors.js";
export { CURSOR_LISTS, LISTS, OPERATIONS } from "./operations.js";
export { verifyWebhook, DEFAULT_TOLERANCE_SECONDS } from "./webhooks.js";

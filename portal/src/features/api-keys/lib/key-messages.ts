/** Toast texts of the API keys section (SPEC section 8), plus rotation, which the spec does not have. */
export const API_KEY_MESSAGES = {
  fetchFailed: "Failed to fetch API keys",
  createFailed: "Failed to create API key",
  deleteFailed: "Failed to delete API key",
  rotateFailed: "Failed to rotate API key",
  created: "API Key Created",
  deleted: "API Key Deleted",
  rotated: "API Key Rotated",
  copied: "API Key Copied",
} as const;

/** The warning beside a key shown in full, the one time it is shown. */
export const SHOW_ONCE_WARNING = "Copy this key now. For your security it will not be shown again.";

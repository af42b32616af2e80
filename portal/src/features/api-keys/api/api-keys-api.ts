import {
  ApiKeyListSchema,
  CreatedKeySchema,
  type ApiKey,
  type CreateKeyRequest,
  type CreatedKey,
  type RotateKeyRequest,
} from "../../../../../core/contracts/api-keys";
import { MessageResponseSchema, type MessageResponse } from "../../../../../core/contracts/auth";
import { apiRequest } from "../../../lib/api-client";

/** The calls of the gateway's /api/keys API (same origin, cookie session, CSRF header added by the client). */

function keyPath(id: string): string {
  return `/api/keys/${encodeURIComponent(id)}`;
}

/** The signed-in user's keys, newest first. */
export async function listApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const { keys } = await apiRequest("/api/keys", { schema: ApiKeyListSchema, signal });
  return keys;
}

/** Creates a key; the answer carries the full secret, the only time it is ever sent. */
export function createApiKey(request: CreateKeyRequest): Promise<CreatedKey> {
  return apiRequest("/api/keys", { method: "POST", body: request, schema: CreatedKeySchema });
}

export function deleteApiKey(id: string): Promise<MessageResponse> {
  return apiRequest(keyPath(id), { method: "DELETE", schema: MessageResponseSchema });
}

/** A new key like the old one; the old one keeps working for `grace_hours`, then expires. */
export function rotateApiKey(id: string, request: RotateKeyRequest): Promise<CreatedKey> {
  return apiRequest(`${keyPath(id)}/rotate`, { method: "POST", body: request, schema: CreatedKeySchema });
}

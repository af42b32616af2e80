import { useCallback } from "react";
import { toast } from "sonner";
import type { CreateKeyRequest, CreatedKey } from "../../../../../core/contracts/api-keys";
import { createApiKey, deleteApiKey, listApiKeys, rotateApiKey } from "../api/api-keys-api";
import { useRemote } from "../../../hooks/use-remote";
import { API_KEY_MESSAGES } from "../lib/key-messages";
import { failureDescription } from "../../../lib/api-client";

/**
 * The signed-in user's keys (newest first) and the calls that change them. The list only ever
 * holds keys as the list endpoint describes them: a created key's secret is returned to the
 * caller and never kept here.
 */
export function useApiKeys() {
  const { state, reload, update } = useRemote(listApiKeys, (error) =>
    toast.error(API_KEY_MESSAGES.fetchFailed, { id: "api-keys-fetch", description: failureDescription(error) }),
  );

  const createKey = useCallback(
    async (request: CreateKeyRequest): Promise<CreatedKey> => {
      const created = await createApiKey(request);
      update((keys) => [created.key, ...keys.filter((key) => key.id !== created.key.id)]);
      return created;
    },
    [update],
  );

  const deleteKey = useCallback(
    async (id: string): Promise<void> => {
      await deleteApiKey(id);
      update((keys) => keys.filter((key) => key.id !== id));
    },
    [update],
  );

  /** Forgets a key the server no longer has (a 404 on delete). */
  const forgetKey = useCallback((id: string) => update((keys) => keys.filter((key) => key.id !== id)), [update]);

  const rotateKey = useCallback(
    async (id: string, graceHours: number): Promise<CreatedKey> => {
      const created = await rotateApiKey(id, { grace_hours: graceHours });
      update((keys) => [created.key, ...keys.filter((key) => key.id !== created.key.id)]);
      // The old key now has an expiry: read it from the server.
      reload();
      return created;
    },
    [update, reload],
  );

  return { state, reload, createKey, deleteKey, forgetKey, rotateKey };
}

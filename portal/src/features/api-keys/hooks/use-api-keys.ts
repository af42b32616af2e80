import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { ApiKey, CreateKeyRequest, CreatedKey } from "../../../../../core/contracts/api-keys";
import { createApiKey, deleteApiKey, listApiKeys, rotateApiKey } from "../api/api-keys-api";
import { API_KEY_MESSAGES, failureDescription } from "../lib/key-messages";

export type ApiKeysState = { status: "loading" } | { status: "error" } | { status: "ready"; keys: ApiKey[] };

/**
 * The signed-in user's keys (newest first) and the calls that change them. The list only ever
 * holds keys as the list endpoint describes them: a created key's secret is returned to the
 * caller and never kept here.
 */
export function useApiKeys() {
  const [state, setState] = useState<ApiKeysState>({ status: "loading" });
  /** Bumped to load the list again. */
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listApiKeys(controller.signal).then(
      (keys) => setState({ status: "ready", keys }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(API_KEY_MESSAGES.fetchFailed, { id: "api-keys-fetch", description: failureDescription(error) });
        setState((current) => (current.status === "ready" ? current : { status: "error" }));
      },
    );
    return () => controller.abort();
  }, [generation]);

  /** Loads the list again; `showLoading` replaces a failed list with the loading state first. */
  const reload = useCallback((showLoading = false) => {
    if (showLoading) setState({ status: "loading" });
    setGeneration((value) => value + 1);
  }, []);

  const update = useCallback((change: (keys: ApiKey[]) => ApiKey[]) => {
    setState((current) => (current.status === "ready" ? { status: "ready", keys: change(current.keys) } : current));
  }, []);

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

import { useCallback } from "react";
import { toast } from "sonner";
import type { CreateWebhookEndpointRequest, WebhookEndpoint } from "../../../../../core/contracts/webhook-endpoints";
import { useRemote } from "../../../hooks/use-remote";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type EndpointWithSecret,
} from "../api/webhook-endpoints-api";
import { CONSOLE_MESSAGES } from "../lib/console-messages";
import { failureDescription } from "../../../lib/api-client";

/** Keeps the endpoint as the list describes it: the secret goes back to the caller, never into the list. */
function withoutSecret({ secret: _secret, ...endpoint }: EndpointWithSecret): WebhookEndpoint {
  return endpoint;
}

/** The account's webhook endpoints of both modes (newest first) and the calls that change them. */
export function useWebhookEndpoints() {
  const { state, reload, update } = useRemote(listWebhookEndpoints, (error) =>
    toast.error(CONSOLE_MESSAGES.endpointsFetchFailed, { id: "webhook-endpoints-fetch", description: failureDescription(error) }),
  );

  const replace = useCallback(
    (changed: WebhookEndpoint) => update((endpoints) => endpoints.map((endpoint) => (endpoint.id === changed.id ? changed : endpoint))),
    [update],
  );

  const createEndpoint = useCallback(
    async (request: CreateWebhookEndpointRequest, mode: WebhookEndpoint["mode"]): Promise<EndpointWithSecret> => {
      const created = await createWebhookEndpoint(request, mode);
      update((endpoints) => [withoutSecret(created), ...endpoints.filter((endpoint) => endpoint.id !== created.id)]);
      return created;
    },
    [update],
  );

  const rotateSecret = useCallback(
    async (id: string): Promise<EndpointWithSecret> => {
      const rotated = await rotateWebhookSecret(id);
      replace(withoutSecret(rotated));
      return rotated;
    },
    [replace],
  );

  const setActive = useCallback(async (id: string, isActive: boolean) => replace(await updateWebhookEndpoint(id, { is_active: isActive })), [replace]);

  const deleteEndpoint = useCallback(
    async (id: string): Promise<void> => {
      await deleteWebhookEndpoint(id);
      update((endpoints) => endpoints.filter((endpoint) => endpoint.id !== id));
    },
    [update],
  );

  /** Forgets an endpoint the server no longer has (a 404). */
  const forgetEndpoint = useCallback((id: string) => update((endpoints) => endpoints.filter((endpoint) => endpoint.id !== id)), [update]);

  return { state, reload, createEndpoint, rotateSecret, setActive, deleteEndpoint, forgetEndpoint };
}

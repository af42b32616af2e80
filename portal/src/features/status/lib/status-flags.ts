import { STATUS_LINK_PARAMS } from "../../../../../core/contracts/status";

/** The query flags of SPEC's status page: any of them equal to "true" shows the success toast. */
export const SUCCESS_FLAGS = ["subscription_success", "payment_success", "success"] as const;

export type StatusLinkAction = { kind: "confirm" | "unsubscribe"; token: string };

/** Which success the address reports: a confirmed subscription, a payment, or none. */
export function successFlagOf(params: URLSearchParams): "subscription" | "payment" | null {
  if (params.get("subscription_success") === "true") return "subscription";
  return SUCCESS_FLAGS.some((flag) => params.get(flag) === "true") ? "payment" : null;
}

/** The action of a link from a subscription e-mail (`?confirm_subscription=` or `?unsubscribe=`), if any. */
export function linkActionOf(params: URLSearchParams): StatusLinkAction | null {
  const confirm = params.get(STATUS_LINK_PARAMS.confirm);
  if (confirm) return { kind: "confirm", token: confirm };
  const unsubscribe = params.get(STATUS_LINK_PARAMS.unsubscribe);
  if (unsubscribe) return { kind: "unsubscribe", token: unsubscribe };
  return null;
}

/** The query string without the success flags and e-mail link tokens (other parameters stay). */
export function withoutStatusFlags(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(params);
  for (const name of [...SUCCESS_FLAGS, STATUS_LINK_PARAMS.confirm, STATUS_LINK_PARAMS.unsubscribe]) kept.delete(name);
  return kept;
}

import { useRemote } from "../../../hooks/use-remote";
import { listPlans } from "../api/payments-api";

/** The server's plan catalogue: the only source of the prices checkout shows and sends. */
export function usePlans() {
  const { state, reload } = useRemote(listPlans);
  return { state, reload: () => reload(true) };
}

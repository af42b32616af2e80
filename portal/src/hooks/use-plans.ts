import { listPlans } from "../lib/plans-api";
import { useRemote } from "./use-remote";

/** The server's plan catalogue, for every screen that shows or sends a price (pricing page, plan picker). */
export function usePlans() {
  const { state, reload } = useRemote(listPlans);
  return { state, reload: () => reload(true) };
}

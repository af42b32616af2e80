import { useEffect, useState } from "react";
import type { Plan } from "../../../../../core/contracts/plans";
import { listPlans } from "../api/payments-api";

export type PlansState = { status: "loading" } | { status: "error" } | { status: "ready"; plans: Plan[] };

/** The server's plan catalogue: the only source of the prices checkout shows and sends. */
export function usePlans() {
  const [state, setState] = useState<PlansState>({ status: "loading" });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listPlans(controller.signal).then(
      (plans) => setState({ status: "ready", plans }),
      () => {
        if (!controller.signal.aborted) setState({ status: "error" });
      },
    );
    return () => controller.abort();
  }, [generation]);

  return {
    state,
    reload: () => {
      setState({ status: "loading" });
      setGeneration((value) => value + 1);
    },
  };
}

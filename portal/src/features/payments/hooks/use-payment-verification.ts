import { useEffect, useState } from "react";
import type { PaymentVerification } from "../../../../../core/contracts/checkout";
import { verifyPayment, type PaymentIds } from "../api/payments-api";

export type VerificationState =
  | { status: "verifying" }
  | { status: "verified"; verification: PaymentVerification }
  | { status: "error"; error: unknown }
  /** Neither OrderTrackingId nor OrderMerchantReference: nothing to verify. */
  | { status: "missing" };

interface VerificationOptions {
  /** The least time the "processing" state shows (SPEC: the callback waits 2 s). */
  minimumWaitMs?: number;
  /** Further checks while the provider still reports `pending`, this far apart. */
  pendingRetries?: number;
  retryDelayMs?: number;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });
}

/** Asks the server where a payment stands, re-asking a few times while it is still pending. */
export function usePaymentVerification(ids: PaymentIds, { minimumWaitMs = 0, pendingRetries = 0, retryDelayMs = 2_000 }: VerificationOptions = {}) {
  const { orderTrackingId, merchantReference, cancelled = false } = ids;
  const hasIds = Boolean(orderTrackingId || merchantReference);
  const [state, setState] = useState<VerificationState>(hasIds ? { status: "verifying" } : { status: "missing" });

  useEffect(() => {
    if (!orderTrackingId && !merchantReference) return;
    const controller = new AbortController();
    const { signal } = controller;
    async function run(): Promise<VerificationState> {
      const waited = sleep(minimumWaitMs, signal);
      let verification = await verifyPayment({ orderTrackingId, merchantReference, cancelled }, signal);
      for (let attempt = 0; verification.status === "pending" && attempt < pendingRetries; attempt += 1) {
        await sleep(retryDelayMs, signal);
        verification = await verifyPayment({ orderTrackingId, merchantReference, cancelled }, signal);
      }
      await waited;
      return { status: "verified", verification };
    }
    run().then(
      (next) => {
        if (!signal.aborted) setState(next);
      },
      (error: unknown) => {
        if (!signal.aborted) setState({ status: "error", error });
      },
    );
    return () => controller.abort();
  }, [orderTrackingId, merchantReference, cancelled, minimumWaitMs, pendingRetries, retryDelayMs]);

  return state;
}

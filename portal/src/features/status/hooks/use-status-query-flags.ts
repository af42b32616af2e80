import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { toast } from "sonner";
import { failureDescription } from "../../../lib/api-client";
import { confirmStatusSubscription, unsubscribeFromStatus } from "../api/status-api";
import { linkActionOf, successFlagOf, withoutStatusFlags } from "../lib/status-flags";
import { LINK_FAILED_TITLE, SUCCESS_FLAG_TOAST, UNSUBSCRIBED_TITLE } from "../lib/status-messages";

/**
 * The address's part in the page: a link from a subscription e-mail is sent to the server
 * (a confirmed subscription lands on `?subscription_success=true`), and a success flag shows the
 * success toast. Either way the parameters leave the address (replaced, not a new history entry).
 */
export function useStatusQueryFlags() {
  const [params, setParams] = useSearchParams();
  const handledToken = useRef<string | null>(null);

  useEffect(() => {
    const action = linkActionOf(params);
    if (action) {
      if (handledToken.current === action.token) return;
      handledToken.current = action.token;
      const send = action.kind === "confirm" ? confirmStatusSubscription : unsubscribeFromStatus;
      send(action.token).then(
        ({ message }) => {
          const next = withoutStatusFlags(params);
          if (action.kind === "confirm") next.set("subscription_success", "true");
          else toast.success(UNSUBSCRIBED_TITLE, { description: message });
          setParams(next, { replace: true });
        },
        (error: unknown) => {
          toast.error(LINK_FAILED_TITLE, { description: failureDescription(error) });
          setParams(withoutStatusFlags(params), { replace: true });
        },
      );
      return;
    }
    const success = successFlagOf(params);
    if (success) {
      toast.success(SUCCESS_FLAG_TOAST.title, { id: "status-success", description: SUCCESS_FLAG_TOAST.description[success], duration: SUCCESS_FLAG_TOAST.durationMs });
      setParams(withoutStatusFlags(params), { replace: true });
    }
  }, [params, setParams]);
}

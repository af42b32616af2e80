import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { confirmEmail } from "../api/auth-api";
import { useAuth } from "../auth-context";
import { homePathFor } from "../lib/account";
import { EMAIL_CONFIRMED_MESSAGE, RESEND_CONFIRMATION_LABEL, authErrorMessage } from "../lib/auth-messages";
import { OFFER_RESEND_STATE } from "../lib/navigation-state";

/** The query parameter of the confirmation e-mail's link (SPEC: the home page is its target). */
export const CONFIRMATION_TOKEN_PARAM = "confirmation_token";

/**
 * Completes a sign-up confirmation link (/?confirmation_token=...): takes the token out of the
 * address at once, sends it, and on success signs the user in and takes them to their dashboard.
 * A used or expired link offers the sign-in page, where a new link can be requested.
 * Rendered once, in the root layout.
 */
export function EmailConfirmation() {
  const location = useLocation();
  const navigate = useNavigate();
  const { setAuthenticated } = useAuth();
  const token = new URLSearchParams(location.search).get(CONFIRMATION_TOKEN_PARAM);
  // Tokens work once: never send one twice (React runs effects twice in development).
  const sent = useRef(new Set<string>());

  useEffect(() => {
    if (!token || sent.current.has(token)) return;
    sent.current.add(token);

    const remaining = new URLSearchParams(location.search);
    remaining.delete(CONFIRMATION_TOKEN_PARAM);
    const search = remaining.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true });

    confirmEmail(token).then(
      (authUser) => {
        setAuthenticated(authUser);
        toast.success(EMAIL_CONFIRMED_MESSAGE);
        void navigate(homePathFor(authUser.role));
      },
      (error: unknown) => {
        toast.error(authErrorMessage(error), {
          duration: 15_000,
          action: { label: RESEND_CONFIRMATION_LABEL, onClick: () => void navigate("/signin", { state: OFFER_RESEND_STATE }) },
        });
      },
    );
  }, [token, location.pathname, location.search, location.hash, navigate, setAuthenticated]);

  return null;
}

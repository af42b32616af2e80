import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { AUTH_MESSAGES } from "../../../../../core/contracts/auth";
import { useAuth } from "../auth-context";
import { authErrorMessage } from "../lib/auth-messages";

/** The "Sign Out" action of the navigation: goes home and ends every session of the user. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const { signOut: endSessions } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      // Leave the page first: a guarded page would otherwise send the signed-out user to /signin.
      await navigate("/", { flushSync: true });
      await endSessions();
      toast.success(AUTH_MESSAGES.signedOut);
    } catch (error) {
      toast.error("Sign Out Failed", { description: authErrorMessage(error) });
    } finally {
      setSigningOut(false);
    }
  }, [endSessions, navigate]);

  return { signOut, signingOut };
}

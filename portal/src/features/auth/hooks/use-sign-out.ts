import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { AUTH_MESSAGES } from "../../../../../core/contracts/auth";
import { useAuth } from "../auth-context";
import { authErrorMessage } from "../lib/auth-messages";

/** The "Sign Out" action of the navigation: ends every session of the user, then goes home. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const { signOut: endSessions } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await endSessions();
      toast.success(AUTH_MESSAGES.signedOut);
      void navigate("/");
    } catch (error) {
      toast.error("Sign Out Failed", { description: authErrorMessage(error) });
    } finally {
      setSigningOut(false);
    }
  }, [endSessions, navigate]);

  return { signOut, signingOut };
}

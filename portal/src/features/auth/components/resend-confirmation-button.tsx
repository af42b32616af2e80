import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { resendConfirmation } from "../api/auth-api";
import { RESEND_CONFIRMATION_LABEL, authErrorMessage } from "../lib/auth-messages";

interface ResendConfirmationButtonProps {
  /** The address to send to; null when the form's address is not usable (the caller shows why). */
  getEmail: () => string | null;
  className?: string;
}

/** "Resend confirmation email": asks for a new link and shows the server's answer as a toast. */
export function ResendConfirmationButton({ getEmail, className }: ResendConfirmationButtonProps) {
  const [sending, setSending] = useState(false);

  async function resend() {
    const email = getEmail();
    if (email === null) return;
    setSending(true);
    try {
      const { message } = await resendConfirmation(email);
      toast.success(message);
    } catch (error) {
      toast.error(authErrorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Button variant="secondary" className={className} disabled={sending} aria-busy={sending} onClick={() => void resend()}>
      {sending ? "Sending..." : RESEND_CONFIRMATION_LABEL}
    </Button>
  );
}

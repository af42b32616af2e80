import { Mail } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/form-field";
import { useFormSubmit } from "../../../hooks/use-form-submit";
import { failureDescription, isApiError } from "../../../lib/api-client";
import { subscribeToStatus } from "../api/status-api";
import { SUBSCRIBED_TOAST, SUBSCRIBE_FAILED_TITLE } from "../lib/status-messages";
import { SUBSCRIBE_FIELDS, validateSubscribe } from "../lib/subscribe-form";

/** E-mail updates: the server stores the address and sends a confirmation link (SPEC: "Subscribed ✓"). */
export function SubscribeBox() {
  const [email, setEmail] = useState("");
  const [subscribed, setSubscribed] = useState(false);
  const { errors, formRef, clear, submitting, submit } = useFormSubmit(SUBSCRIBE_FIELDS, {
    validate: () => validateSubscribe({ email }),
    send: async ({ email: address }) => {
      await subscribeToStatus(address);
      setSubscribed(true);
      toast.success(SUBSCRIBED_TOAST.title, { description: SUBSCRIBED_TOAST.description(address), duration: SUBSCRIBED_TOAST.durationMs });
    },
    onFailure: (error) => {
      // Field problems are shown under the field; anything else (rate limit, network) in a toast.
      if (isApiError(error) && error.details.length > 0) return;
      toast.error(SUBSCRIBE_FAILED_TITLE, { description: failureDescription(error) });
    },
  });

  return (
    <section aria-labelledby="subscribe-heading" className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex items-center gap-2">
        <Mail aria-hidden className="size-5 text-brand-700" />
        <h2 id="subscribe-heading" className="text-lg font-semibold text-slate-900">
          Subscribe to updates
        </h2>
      </div>
      <p className="mt-1 text-sm text-slate-600">Get an email when we report an incident or schedule maintenance.</p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          inputMode="email"
          className="sm:flex-1"
          value={email}
          errors={errors.email}
          disabled={subscribed}
          onChange={(event) => {
            setEmail(event.target.value);
            clear("email");
          }}
        />
        <Button type="submit" size="lg" className="sm:mt-6.5" disabled={submitting || subscribed} aria-busy={submitting}>
          {subscribed ? "Subscribed ✓" : submitting ? "Subscribing..." : "Subscribe"}
        </Button>
      </form>
    </section>
  );
}

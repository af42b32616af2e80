import { useState } from "react";
import { toast } from "sonner";
import type { CheckoutIntent, CheckoutQuote, CheckoutResponse } from "../../../../../core/contracts/checkout";
import { formatUsd } from "../../../../../core/plans";
import { Button, ButtonLink } from "../../../components/ui/button";
import { RadioCardGroup, SelectField } from "../../../components/ui/choice-fields";
import { TextField } from "../../../components/ui/form-field";
import { useFormSubmit } from "../../../hooks/use-form-submit";
import { startCheckout } from "../api/payments-api";
import { BILLING_FIELDS, PAYMENT_METHOD_OPTIONS, validateBilling, type BillingField, type BillingFormValues, type PaymentMethod } from "../lib/checkout-form";
import { countryOptions } from "../lib/countries";
import { PAYMENT_MESSAGES, checkoutFailureMessage } from "../lib/payment-messages";

interface CheckoutFormProps {
  /** The server's price for this customer: its total is the amount sent. */
  quote: CheckoutQuote;
  intent: CheckoutIntent | undefined;
  initialValues: BillingFormValues;
  /** The order is placed: open the provider's page (with the method the customer chose). */
  onPlaced: (order: CheckoutResponse, method: PaymentMethod) => Promise<void> | void;
  /** Where a refusal goes; a toast when not given. */
  onFailure?: (message: string) => void;
  /** Names the form, so a button outside it (the dashboard's "Retry Payment") can submit it. */
  id?: string;
}

/** The billing details (SPEC: address, city, state and ZIP required) and the payment method. */
export function CheckoutForm({ quote, intent, initialValues, onPlaced, onFailure, id }: CheckoutFormProps) {
  const [values, setValues] = useState(initialValues);
  const [method, setMethod] = useState<PaymentMethod>("mobile_money");
  const totalCents = quote.total_cents;
  const { errors, formRef, clear, submitting, submit } = useFormSubmit(BILLING_FIELDS, {
    validate: () => validateBilling(values),
    send: async (billing) => {
      const order = await startCheckout({ plan: quote.plan, period: quote.period, amount: totalCents, billing, ...(intent ? { intent } : {}) });
      await onPlaced(order, method);
    },
    onFailure: (error) => {
      const message = checkoutFailureMessage(error);
      if (onFailure) onFailure(message);
      else toast.error(PAYMENT_MESSAGES.failedTitle, { description: message });
    },
  });

  function set(field: BillingField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  const text = (field: BillingField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={field} label={label} value={values[field]} errors={errors[field]} onChange={(event) => set(field, event.target.value)} {...extra} />
  );

  return (
    <form id={id} ref={formRef} noValidate onSubmit={submit} className="space-y-8" aria-labelledby="billing-title">
      <section className="space-y-5">
        <h2 id="billing-title" className="text-lg font-semibold text-slate-900">
          Billing details
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          {text("first_name", "First Name", { autoComplete: "given-name", maxLength: 100 })}
          {text("last_name", "Last Name", { autoComplete: "family-name", maxLength: 100 })}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {text("email", "Email", { type: "email", autoComplete: "email", maxLength: 254 })}
          {text("phone", "Phone (optional)", { type: "tel", autoComplete: "tel", maxLength: 20, hint: "For mobile money, the number that pays." })}
        </div>
        {text("address", "Address", { autoComplete: "street-address", maxLength: 200 })}
        <div className="grid gap-5 sm:grid-cols-2">
          {text("city", "City", { autoComplete: "address-level2", maxLength: 100 })}
          {text("state", "State", { autoComplete: "address-level1", maxLength: 100 })}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {text("postal_code", "ZIP / Postal code", { autoComplete: "postal-code", maxLength: 20 })}
          <SelectField
            name="country"
            label="Country"
            autoComplete="country"
            options={countryOptions()}
            value={values.country}
            errors={errors.country}
            onChange={(event) => set("country", event.target.value)}
          />
        </div>
      </section>
      <RadioCardGroup name="method" legend="Payment method" options={PAYMENT_METHOD_OPTIONS} value={method} onChange={setMethod} />
      <p className="text-sm text-slate-600">
        You pay on our payment provider&apos;s secure page, which opens on the next step. Card and mobile-money details never reach Sluice.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <ButtonLink to="/dashboard" variant="secondary" size="lg">
          Back to Dashboard
        </ButtonLink>
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
          {submitting ? "Processing Payment..." : `Pay ${formatUsd(totalCents)}`}
        </Button>
      </div>
    </form>
  );
}

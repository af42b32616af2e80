import { BillingDetailsSchema, type BillingDetails } from "../../../../../core/contracts/checkout";
import { fieldErrorsFromIssues, type FormResult } from "../../../lib/form-errors";

/** The billing form of /checkout, checked with the contract the gateway uses (same messages on both sides). */

/** Form fields in reading order, named as the request's billing fields (server details land on them). */
export const BILLING_FIELDS = ["first_name", "last_name", "email", "phone", "address", "city", "state", "postal_code", "country"] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

export type BillingFormValues = Record<BillingField, string>;

/** Both methods are paid on the provider's page; the choice only says which part of it to use. */
export const PAYMENT_METHODS = ["mobile_money", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_OPTIONS: ReadonlyArray<{ value: PaymentMethod; label: string; description: string }> = [
  { value: "mobile_money", label: "Mobile money", description: "Pay from your phone on the provider's secure page." },
  { value: "card", label: "Credit or debit card", description: "Enter your card on the provider's secure page; it never reaches Sluice." },
];

/** The signed-in account's name and e-mail, when known, for prefilling or placing an order. */
export interface CheckoutAccount {
  email?: string | undefined;
  fullName?: string | null | undefined;
}

/** The spec's default country is US; name and e-mail come from the account when known. */
export function defaultBillingValues(account: CheckoutAccount): BillingFormValues {
  const [first = "", ...rest] = (account.fullName ?? "").trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(" "), email: account.email ?? "", phone: "", address: "", city: "", state: "", postal_code: "", country: "US" };
}

function optional(value: string): string | undefined {
  return value.trim() === "" ? undefined : value;
}

export function validateBilling(values: BillingFormValues): FormResult<BillingField, BillingDetails> {
  const parsed = BillingDetailsSchema.safeParse({
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: optional(values.phone),
    address: values.address,
    city: values.city,
    state: values.state,
    postal_code: values.postal_code,
    country: values.country,
  });
  if (!parsed.success) return { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues, BILLING_FIELDS) };
  return { ok: true, data: parsed.data };
}

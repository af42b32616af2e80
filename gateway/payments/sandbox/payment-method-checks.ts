/**
 * The checks the sandbox's hosted page runs on what the customer types, and the documented test
 * numbers. Card details are only checked here: the sandbox keeps the last four digits, masked.
 */

/** Test numbers printed on the page: these decline; every other valid number succeeds. */
export const DECLINED_CARD = "4000000000000002";
export const SUCCESSFUL_CARD = "4111111111111111";
export const DECLINED_PHONE_SUFFIX = "0000";

export type FieldErrors = Record<string, string>;

export interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}

export interface CheckedMethod {
  /** Pesapal's payment_method, e.g. "Visa" or "MpesaKE". */
  method: string;
  /** Masked, as payment_account: "************1111" or "2547****5678". */
  account: string;
  /** The test number asks for a declined payment. */
  declined: boolean;
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY that is this month or later (a card is valid through the end of its expiry month). */
export function isCurrentExpiry(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

function cardBrand(digits: string): string {
  if (digits.startsWith("4")) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "MasterCard";
  if (/^3[47]/.test(digits)) return "AmericanExpress";
  return "Card";
}

export function checkCard(input: CardInput, now: Date): { ok: true; value: CheckedMethod } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const digits = digitsOnly(input.number);
  if (!/^\d{12,19}$/.test(digits)) errors.card_number = "Enter the card number: 12 to 19 digits.";
  else if (!passesLuhn(digits)) errors.card_number = "This card number is not valid: check the digits.";
  if (!/^\d{2}\s*\/\s*\d{2}$/.test(input.expiry.trim())) errors.card_expiry = "Enter the expiry date as MM/YY.";
  else if (!isCurrentExpiry(input.expiry, now)) errors.card_expiry = "This card has expired, or the month is not valid.";
  if (!/^\d{3,4}$/.test(input.cvv.trim())) errors.card_cvv = "Enter the 3 or 4 digit security code (CVV).";
  if (!input.name.trim()) errors.card_name = "Enter the name on the card.";
  else if (input.name.trim().length > 100) errors.card_name = "The name on the card must be at most 100 characters.";
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: { method: cardBrand(digits), account: `${"*".repeat(digits.length - 4)}${digits.slice(-4)}`, declined: digits === DECLINED_CARD },
  };
}

export function checkPhone(phone: string): { ok: true; value: CheckedMethod } | { ok: false; errors: FieldErrors } {
  const compact = phone.replace(/[\s()-]/g, "");
  if (!/^\+?\d{9,15}$/.test(compact)) return { ok: false, errors: { phone_number: "Enter a phone number of 9 to 15 digits, e.g. +254712345678." } };
  const digits = compact.replace("+", "");
  return {
    ok: true,
    value: {
      method: digits.startsWith("254") || digits.startsWith("07") ? "MpesaKE" : "MobileMoney",
      account: `${digits.slice(0, 4)}${"*".repeat(Math.max(digits.length - 8, 1))}${digits.slice(-4)}`,
      declined: digits.endsWith(DECLINED_PHONE_SUFFIX),
    },
  };
}

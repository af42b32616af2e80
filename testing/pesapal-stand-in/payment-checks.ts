import { randomInt } from "node:crypto";

/**
 * What the stand-in's hosted page does with what the customer typed: checks it like a card or
 * mobile-money form would, then decides the outcome. Test cards and phones:
 * 4111 1111 1111 1111 (Visa) and 5555 5555 5555 4444 (MasterCard) pay; 4000 0000 0000 0002 is
 * declined; +254 712 345 678 pays by M-Pesa; +254 700 000 002 ends as the customer rejecting the push.
 */

export const STAND_IN_CARDS = { approved: "4111 1111 1111 1111", approvedMastercard: "5555 5555 5555 4444", declined: "4000 0000 0000 0002" } as const;
export const STAND_IN_PHONES = { approved: "+254712345678", declined: "+254700000002" } as const;

const DECLINED_CARD_DIGITS = STAND_IN_CARDS.declined.replace(/\D/g, "");
const DECLINED_PHONE_DIGITS = STAND_IN_PHONES.declined.replace(/\D/g, "");

export interface PaymentOutcome {
  statusCode: 1 | 2;
  paymentMethod: string;
  paymentAccount: string;
  confirmationCode: string;
  paymentStatusCode: string;
  failureDescription: string | null;
}

export type PaymentCheck = { ok: true; outcome: PaymentOutcome } | { ok: false; problems: string[] };

export interface CardFields {
  card_number?: string;
  card_expiry?: string;
  card_cvv?: string;
  card_name?: string;
}

export function checkCard(fields: CardFields, now: Date): PaymentCheck {
  const problems: string[] = [];
  const digits = (fields.card_number ?? "").replace(/[\s-]/g, "");
  const brand = cardBrand(digits);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) problems.push("Enter a valid card number.");
  else if (!brand) problems.push("Only Visa and MasterCard are accepted.");
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec((fields.card_expiry ?? "").trim());
  if (!expiry) problems.push("Enter the expiry date as MM/YY.");
  else if (Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1) <= now.getTime()) problems.push("This card has expired.");
  if (!/^\d{3,4}$/.test((fields.card_cvv ?? "").trim())) problems.push("Enter the 3 or 4 digit CVV.");
  if ((fields.card_name ?? "").trim() === "") problems.push("Enter the name on the card.");
  if (problems.length > 0 || !brand) return { ok: false, problems };
  const declined = digits === DECLINED_CARD_DIGITS;
  return {
    ok: true,
    outcome: {
      statusCode: declined ? 2 : 1,
      paymentMethod: brand,
      paymentAccount: `${digits.slice(0, 6)}**${digits.slice(-4)}`,
      confirmationCode: randomDigits(22),
      paymentStatusCode: "",
      failureDescription: declined ? "Unable to Authorize Transaction.Kindly contact your bank for assistance" : null,
    },
  };
}

export function checkPhone(phone: string | undefined): PaymentCheck {
  const trimmed = (phone ?? "").trim();
  const digits = trimmed.replace(/[\s-]/g, "").replace(/^\+/, "");
  if (!/^\+?[0-9\s-]+$/.test(trimmed) || !/^\d{9,15}$/.test(digits)) return { ok: false, problems: ["Enter a valid phone number."] };
  const declined = digits === DECLINED_PHONE_DIGITS;
  return {
    ok: true,
    outcome: {
      statusCode: declined ? 2 : 1,
      paymentMethod: digits.startsWith("254") ? "MpesaKE" : "MobileMoney",
      paymentAccount: `${digits.slice(0, 4)}xxx${digits.slice(-5)}`,
      confirmationCode: randomCode(10),
      paymentStatusCode: declined ? "request_terminated_by_user" : "",
      failureDescription: declined ? "Request cancelled by user" : null,
    },
  };
}

function cardBrand(digits: string): string | null {
  if (digits.startsWith("4")) return "Visa";
  const prefix = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (prefix >= 2221 && prefix <= 2720)) return "MasterCard";
  return null;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function randomDigits(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join("");
}

function randomCode(length: number): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
}

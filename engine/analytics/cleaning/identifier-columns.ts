/**
 * Columns of digits that name things rather than count them: ZIP codes, phone and account
 * numbers. Read as numbers they would lose what makes them identifiers (leading zeros, digits
 * beyond a double's precision, the "+" of a phone number), so they stay text and the report says
 * why.
 */

/** The first cell showing a column is identifier-like, and why it stays text. */
export interface IdentifierEvidence {
  cell: number;
  reason: string;
}

/** Fixed-width digit strings at least this wide are identifiers (US ZIP codes have five digits). */
const MIN_FIXED_WIDTH = 5;
/** A double holds 15 significant decimal digits exactly. */
const MAX_EXACT_DIGITS = 15;

const LEADING_ZERO = /^0\d+$/;
const PHONE = /^\+\d[\d \u00a0-]{6,}\d$/;
const DIGITS = /^\d+$/;

/** Evidence that a column of number-like cells holds identifiers, or null when it holds numbers. */
export function identifierEvidenceOf(cells: readonly unknown[]): IdentifierEvidence | null {
  const texts = cells.map((cell) => (typeof cell === "string" ? cell.trim() : null));
  const find = (test: (text: string) => boolean) => texts.findIndex((text) => text !== null && test(text));

  const leadingZero = find((text) => LEADING_ZERO.test(text));
  if (leadingZero >= 0) return { cell: leadingZero, reason: "kept as text: leading zeros (an identifier such as a ZIP code or account number)" };
  const phone = find((text) => PHONE.test(text));
  if (phone >= 0) return { cell: phone, reason: "kept as text: international phone numbers" };
  const long = find((text) => DIGITS.test(text) && text.length > MAX_EXACT_DIGITS);
  if (long >= 0) return { cell: long, reason: `kept as text: more than ${MAX_EXACT_DIGITS} digits, which a number cannot hold exactly` };

  const width = texts[0]?.length ?? 0;
  const fixedWidth = texts.length >= 2 && width >= MIN_FIXED_WIDTH && texts.every((text) => text !== null && text.length === width && DIGITS.test(text));
  if (fixedWidth) return { cell: 0, reason: `kept as text: fixed-width digit strings (${width} digits each, an identifier such as a ZIP code)` };
  return null;
}

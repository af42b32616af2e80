/**
 * Reading one text cell as what it means: a missing value, a number written for people
 * (thousands separators, percentages, currencies, accounting negatives), a boolean, or a date in
 * ISO or a common form. Each parser returns null when the text is not of its kind, and otherwise
 * the value with the reason the text was changed (for the cleaning report).
 */

/** Texts that mean "no value" (compared trimmed and case-insensitively). */
export const NULL_SENTINELS: ReadonlySet<string> = new Set(["", "na", "n/a", "null", "-", "--", "none", "nan", "nil", "#n/a"]);

export function isNullSentinel(text: string): boolean {
  return NULL_SENTINELS.has(text.trim().toLowerCase());
}

export interface Parsed<T> {
  value: T;
  /** Why the text became this value; empty when it is the plain form (nothing worth reporting). */
  reason: string;
}

/** The character between a number's whole and fractional parts. */
export type DecimalSeparator = "." | ",";

const CURRENCY_SYMBOLS = "$€£¥₹₦₩₽₺₴";
const CURRENCY_CODES = ["USD", "EUR", "GBP", "JPY", "KES", "UGX", "TZS", "NGN", "ZAR", "INR", "CAD", "AUD", "CHF", "CNY"];
/** Spaces that group thousands: plain, no-break and narrow no-break (the French and Swiss forms). */
const GROUP_SPACE = "[ \u00a0\u202f]";

function numberPattern(decimal: DecimalSeparator): RegExp {
  const group = decimal === "." ? "," : "\\.";
  const fraction = decimal === "." ? "\\." : ",";
  return new RegExp(
    `^(?<open>\\()?(?<sign>[-+])?(?<pre>[${CURRENCY_SYMBOLS}]|(?:${CURRENCY_CODES.join("|")})\\s?)?(?<sign2>[-+])?` +
      `(?<digits>\\d{1,3}(?:${group}\\d{3})+|\\d{1,3}(?:${GROUP_SPACE}\\d{3})+|\\d+)?(?<fraction>${fraction}\\d+)?` +
      `(?<post>\\s?(?:[${CURRENCY_SYMBOLS}]|${CURRENCY_CODES.join("|")}))?(?<percent>\\s?%)?(?<close>\\))?$`,
    "i",
  );
}

const NUMBER_PATTERNS: Record<DecimalSeparator, RegExp> = { ".": numberPattern("."), ",": numberPattern(",") };

/**
 * A number, possibly written with thousands separators, a currency, a percent sign or accounting
 * parentheses; `decimal` says which of "." and "," ends the whole part ("," groups thousands
 * with "." or a space).
 */
export function parseNumeric(text: string, decimal: DecimalSeparator = "."): Parsed<number> | null {
  const trimmed = text.trim();
  const match = NUMBER_PATTERNS[decimal].exec(trimmed);
  const groups = match?.groups;
  if (!groups || (!groups.digits && !groups.fraction)) return null;
  if (Boolean(groups.open) !== Boolean(groups.close)) return null;
  if (groups.sign && groups.sign2) return null;
  if (groups.pre && groups.post) return null;
  const whole = (groups.digits ?? "0").replace(/[^\d]/g, "");
  let value = Number(`${whole}.${(groups.fraction ?? "0").slice(1)}`);
  if (!Number.isFinite(value)) return null;
  const negative = groups.sign === "-" || groups.sign2 === "-" || Boolean(groups.open);
  if (negative) value = -value;
  const reasons: string[] = [];
  if (groups.digits && /[^\d]/.test(groups.digits)) reasons.push("thousands separators removed");
  if (groups.fraction && decimal === ",") reasons.push("decimal comma read as a point");
  const currency = (groups.pre ?? groups.post)?.trim();
  if (currency) reasons.push(`currency ${currency} removed`);
  if (groups.open) reasons.push("accounting parentheses read as negative");
  if (groups.percent) {
    value /= 100;
    reasons.push("percentage read as a fraction");
  }
  if (reasons.length === 0) reasons.push("number stored as text");
  return { value: roundFloat(value), reason: reasons.join("; ") };
}

/** Texts for an infinite number; "NaN" is a missing-value sentinel. */
const NON_FINITE = /^[-+]?(?:inf|infinity|∞)$/i;

/** True for a value no statistic can use: a non-finite number, or text such as "Infinity" or "-inf". */
export function isNonFinite(value: unknown): boolean {
  if (typeof value === "number") return !Number.isFinite(value);
  return typeof value === "string" && NON_FINITE.test(value.trim());
}

/** Undo float noise from dividing by 100 (12.3 % is 0.123, not 0.12300000000000001). */
function roundFloat(value: number): number {
  return Number.parseFloat(value.toPrecision(15));
}

const TRUE_TEXTS = new Set(["true", "yes", "y"]);
const FALSE_TEXTS = new Set(["false", "no", "n"]);

export function parseBoolean(text: string): Parsed<boolean> | null {
  const lower = text.trim().toLowerCase();
  if (TRUE_TEXTS.has(lower)) return { value: true, reason: "boolean stored as text" };
  if (FALSE_TEXTS.has(lower)) return { value: false, reason: "boolean stored as text" };
  return null;
}

/** Day-month order for numeric dates like 03/04/2024, decided per column. */
export type DayOrder = "mdy" | "dmy";

export interface ParsedDate {
  /** "YYYY-MM-DD" for a date, a full ISO 8601 UTC string for a timestamp. */
  iso: string;
  kind: "date" | "timestamp";
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s?(Z|[+-]\d{2}:?\d{2})?$/i;
const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_FIRST_SLASHED = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/;
const MONTH_NAME_FIRST = /^([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i;
const DAY_FIRST_NAME = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]{3,9})\.?,? (\d{4})$/i;

/** The two numbers of a slashed date, for deciding a column's day order. */
export function slashedParts(text: string): [number, number] | null {
  const match = SLASHED.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

export function parseDate(text: string, order: DayOrder): Parsed<ParsedDate> | null {
  const trimmed = text.trim();
  let match = ISO_DATE.exec(trimmed);
  if (match) return dateOf(Number(match[1]), Number(match[2]), Number(match[3]), "");
  match = ISO_TIMESTAMP.exec(trimmed);
  if (match) {
    const withZone = match[8] ? trimmed.replace(" ", "T") : `${trimmed.replace(" ", "T")}Z`;
    const at = new Date(withZone);
    if (Number.isNaN(at.getTime()) || !validDay(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
    const iso = at.toISOString();
    return { value: { iso, kind: "timestamp" }, reason: iso === trimmed ? "" : "timestamp to ISO 8601 UTC" };
  }
  match = SLASHED.exec(trimmed);
  if (match) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return order === "dmy"
      ? dateOf(year, second, first, "date (DD/MM/YYYY) to ISO 8601")
      : dateOf(year, first, second, "date (MM/DD/YYYY) to ISO 8601");
  }
  match = YEAR_FIRST_SLASHED.exec(trimmed);
  if (match) return dateOf(Number(match[1]), Number(match[2]), Number(match[3]), "date (YYYY/MM/DD) to ISO 8601");
  match = MONTH_NAME_FIRST.exec(trimmed);
  if (match) return dateOf(Number(match[3]), monthNumber(match[1] ?? ""), Number(match[2]), "date with month name to ISO 8601");
  match = DAY_FIRST_NAME.exec(trimmed);
  if (match) return dateOf(Number(match[3]), monthNumber(match[2] ?? ""), Number(match[1]), "date with month name to ISO 8601");
  return null;
}

function monthNumber(name: string): number {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? 0 : index + 1;
}

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dateOf(year: number, month: number, day: number, reason: string): Parsed<ParsedDate> | null {
  if (!validDay(year, month, day)) return null;
  const iso = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return { value: { iso, kind: "date" }, reason };
}

import { KEY_MONTHLY_CAPS, type ApiKey, type KeyMode } from "../../../../../core/contracts/api-keys";

/** How keys, caps, usage and times read in the API keys section (SPEC sections 2 and 9). */

export const MODE_LABELS: Record<KeyMode, string> = { live: "Live", test: "Test" };

/** One line under the mode choice: what a test key is for. */
export const MODE_HINTS: Record<KeyMode, string> = {
  live: "Counts against your plan's monthly quota.",
  test: "Test keys have separate limits and never use your paid quota.",
};

export const UNLIMITED_LABEL = "Unlimited";
export const NEVER_USED_LABEL = "Never";

const counts = new Intl.NumberFormat("en-US");

/** "1,234". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** "5,000", or "Unlimited" for no cap. */
export function formatCap(cap: number | null): string {
  return cap === null ? UNLIMITED_LABEL : formatCount(cap);
}

/** "1,234 / 5,000", or "1,234" when the key has no cap. */
export function formatUsage(used: number, cap: number | null): string {
  return cap === null ? formatCount(used) : `${formatCount(used)} / ${formatCount(cap)}`;
}

/** The used share of the cap between 0 and 1, or null when the key has no cap. */
export function usageRatio(used: number, cap: number | null): number | null {
  if (cap === null) return null;
  if (cap <= 0) return 1;
  return Math.min(1, Math.max(0, used / cap));
}

/** A monthly cap as the create form's select spells it. */
export type MonthlyCap = (typeof KEY_MONTHLY_CAPS)[number];
export type CapChoice = `${NonNullable<MonthlyCap>}` | "unlimited";

export function capToChoice(cap: MonthlyCap): CapChoice {
  return cap === null ? "unlimited" : (`${cap}` as const);
}

export function capFromChoice(choice: string): MonthlyCap | undefined {
  return KEY_MONTHLY_CAPS.find((cap) => capToChoice(cap) === choice);
}

/** The select's options, in the contract's order: "5,000 requests / month" ... "Unlimited". */
export const CAP_OPTIONS: ReadonlyArray<{ value: CapChoice; label: string }> = KEY_MONTHLY_CAPS.map((cap) => ({
  value: capToChoice(cap),
  label: cap === null ? UNLIMITED_LABEL : `${formatCount(cap)} requests / month`,
}));

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Each unit is used from `from` seconds on; days only from 48 hours, so a grace period reads "in 24 hours". */
const UNITS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; size: number; from: number }> = [
  { unit: "year", size: 365 * DAY, from: 365 * DAY },
  { unit: "month", size: 30 * DAY, from: 30 * DAY },
  { unit: "week", size: 7 * DAY, from: 7 * DAY },
  { unit: "day", size: DAY, from: 2 * DAY },
  { unit: "hour", size: HOUR, from: HOUR },
  { unit: "minute", size: 60, from: 60 },
];

/**
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago", "last week"; for future times
 * "in 24 hours", "in 3 days". Counts are rounded, so a grace period that ends in 23 hours
 * 59 minutes still reads "in 24 hours". Unreadable dates answer "".
 */
export function formatRelativeTime(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const seconds = (time - now) / 1000;
  const magnitude = Math.abs(seconds);
  if (magnitude < 60) return seconds <= 0 ? "just now" : "in less than a minute";
  const { unit, size } = UNITS.find((candidate) => magnitude >= candidate.from) ?? { unit: "minute", size: 60 };
  return relative.format(Math.round(seconds / size), unit);
}

/**
 * A time that has happened (creation, last use): never "in ..." even when `now` is a little
 * stale or the clocks disagree; such times read "just now".
 */
export function formatPastTime(iso: string, now: number): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : formatRelativeTime(new Date(Math.min(time, now)).toISOString(), now);
}

/** "Never", or when the key was last used, relative to now. */
export function formatLastUsed(lastUsedAt: string | null, now: number): string {
  return lastUsedAt === null ? NEVER_USED_LABEL : formatPastTime(lastUsedAt, now);
}

export type KeyStatus = "active" | "expired" | "inactive";

export const STATUS_LABELS: Record<KeyStatus, string> = { active: "Active", expired: "Expired", inactive: "Inactive" };

export function isExpired(key: Pick<ApiKey, "expires_at">, now: number): boolean {
  return key.expires_at !== null && Date.parse(key.expires_at) <= now;
}

/** Expired once its expiry has passed (also after a rotation's grace period); inactive when switched off. */
export function keyStatus(key: Pick<ApiKey, "expires_at" | "is_active">, now: number): KeyStatus {
  if (isExpired(key, now)) return "expired";
  return key.is_active ? "active" : "inactive";
}

/** "Expires in 23 hours" / "Expired 2 days ago", or null for a key without expiry. */
export function formatExpiry(expiresAt: string | null, now: number): string | null {
  if (expiresAt === null) return null;
  const when = formatRelativeTime(expiresAt, now);
  return Date.parse(expiresAt) <= now ? `Expired ${when}` : `Expires ${when}`;
}

const absolute = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Jun 3, 2025, 2:05 PM UTC": the exact time behind a relative one (a tooltip). */
export function formatAbsoluteTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : `${absolute.format(time)} UTC`;
}

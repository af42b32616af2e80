const shortDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/** "Jun 3, 2025" (UTC). */
export function formatDay(iso: string): string {
  return shortDate.format(new Date(iso));
}

/** "Jun 3, 2025, 02:15 PM UTC". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The end of the chosen UTC day (a date input's YYYY-MM-DD) as an ISO timestamp; null for no day. */
export function expiryFromDay(day: string): string | null {
  return day === "" ? null : new Date(`${day}T23:59:59.000Z`).toISOString();
}

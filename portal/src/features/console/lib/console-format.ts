/** How times, durations and counts read in the dashboard's workflows, webhooks and usage sections. */

const counts = new Intl.NumberFormat("en-US");
const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const absolute = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const clock = new Intl.DateTimeFormat("en-US", { timeStyle: "medium", timeZone: "UTC" });

/** "1,234". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** "Nov 21, 2026, 9:05 AM UTC": the exact time, for tooltips and `title`. */
export function formatAbsoluteTime(iso: string): string {
  return `${absolute.format(new Date(iso))} UTC`;
}

/** "9:05:03 AM UTC": a time to the second, for events seconds apart (a step's attempts). */
export function formatClockTime(iso: string): string {
  return `${clock.format(new Date(iso))} UTC`;
}

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; a time in the future reads as "just now". */
export function formatPastTime(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return "just now";
}

/** "850 ms", "12.4 s", "3 min 5 s", "2 h 10 min"; an em dash when there is none yet. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 3_600) return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
  const totalMinutes = Math.round(totalSeconds / 60);
  return `${Math.floor(totalMinutes / 60)} h ${totalMinutes % 60} min`;
}

/** A step's input or output as indented JSON; "—" when absent. */
export function formatJson(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return JSON.stringify(value, null, 2);
}

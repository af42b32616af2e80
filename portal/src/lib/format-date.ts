const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** "June 3, 2025". */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}

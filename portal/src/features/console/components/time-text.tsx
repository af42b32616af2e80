import { formatAbsoluteTime, formatPastTime } from "../lib/console-format";

/** "5 minutes ago", with the exact UTC time in `dateTime` and as a tooltip. */
export function TimeText({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatAbsoluteTime(iso)}>
      {formatPastTime(iso, now)}
    </time>
  );
}

import { CHANGELOG } from "../lib/changelog";
import { DocSection } from "./doc-section";

const dates = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export function ChangelogSection() {
  return (
    <DocSection id="changelog" title="Changelog">
      <p>API version v1. Additions never break existing requests; a breaking change would come as a new version path.</p>
      <ol className="space-y-6">
        {CHANGELOG.map((entry) => (
          <li key={entry.title} className="rounded-xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">{entry.title}</h3>
            <p className="text-sm text-slate-500">
              <time dateTime={entry.date}>{dates.format(new Date(`${entry.date}T00:00:00Z`))}</time>
            </p>
            <ul className="mt-3 list-disc space-y-1.5 pl-5">
              {entry.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </DocSection>
  );
}

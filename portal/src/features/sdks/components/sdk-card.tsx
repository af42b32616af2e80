import { Download, ExternalLink } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { CopyButton } from "../../../components/ui/copy-button";
import { cn } from "../../../lib/cn";
import type { Sdk, SdkStatus } from "../lib/sdk-catalogue";

const STATUS_STYLES: Record<SdkStatus, string> = {
  Official: "bg-brand-50 text-brand-800 ring-brand-200",
  Community: "bg-slate-100 text-slate-800 ring-slate-300",
  Beta: "bg-amber-50 text-amber-900 ring-amber-200",
};

function Availability({ sdk }: { sdk: Sdk }) {
  const { availability } = sdk;
  if (availability.kind === "download") {
    return (
      <a href={availability.href} download={availability.fileName} className={buttonClasses("secondary", "sm", "self-start")}>
        <Download aria-hidden className="size-4" />
        {availability.label}
      </a>
    );
  }
  return (
    <ul className="space-y-2">
      {availability.commands.map((command) => (
        <li key={command} className="flex items-start gap-2 rounded-lg bg-slate-950 p-2 pl-3">
          <code className="min-w-0 flex-1 self-center font-mono text-xs [overflow-wrap:anywhere] text-slate-100">{command}</code>
          <CopyButton text={command} label="Copy" className="shrink-0" />
        </li>
      ))}
    </ul>
  );
}

export function SdkCard({ sdk }: { sdk: Sdk }) {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold text-slate-900">{sdk.name}</h3>
          <p className="text-sm text-slate-600">{sdk.language}</p>
        </div>
        <span className={cn("shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1", STATUS_STYLES[sdk.status])}>{sdk.status}</span>
      </div>
      <p className="leading-relaxed text-slate-700">{sdk.description}</p>
      <div className="mt-auto flex flex-col gap-3">
        <Availability sdk={sdk} />
        {sdk.homepage && (
          <a href={sdk.homepage} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-700 underline">
            About {sdk.name}
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
    </li>
  );
}

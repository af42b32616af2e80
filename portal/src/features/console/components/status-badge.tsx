import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";
import type { Tone } from "../lib/workflow-display";

const TONE_CLASSES: Record<Tone, string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-300",
  blue: "bg-brand-50 text-brand-800 ring-brand-200",
  slate: "bg-slate-100 text-slate-700 ring-slate-300",
};

/** A small pill naming a status; the text carries the meaning, the colour only repeats it. */
export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset", TONE_CLASSES[tone])}>
      {children}
    </span>
  );
}

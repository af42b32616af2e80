import { cn } from "../../lib/cn";

/** The Sluice mark (two water lines in a rounded square) and the word mark. */
export function Logo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-lg font-bold tracking-tight", inverse ? "text-white" : "text-slate-900", className)}>
      <svg aria-hidden viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="7" className={inverse ? "fill-brand-500" : "fill-brand-700"} />
        <path
          d="M6 12c2.5-2.7 5-2.7 7.5 0s5 2.7 7.5 0 4-2.7 5 0M6 20c2.5-2.7 5-2.7 7.5 0s5 2.7 7.5 0 4-2.7 5 0"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
      Sluice
    </span>
  );
}

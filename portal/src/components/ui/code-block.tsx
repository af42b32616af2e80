import { cn } from "../../lib/cn";
import { CopyButton } from "./copy-button";

interface CodeBlockProps {
  code: string;
  /** Shown in the block's title bar, e.g. "cURL" or "Response · 200 OK". */
  title: string;
  copyable?: boolean;
  className?: string;
}

/** A dark, horizontally scrollable code panel with an optional copy button. */
export function CodeBlock({ code, title, copyable = false, className }: CodeBlockProps) {
  return (
    <figure className={cn("min-w-0 overflow-hidden rounded-xl border border-slate-800 bg-slate-950 shadow-lg", className)}>
      <figcaption className="flex min-h-11 items-center justify-between gap-3 border-b border-slate-800 px-4 py-1.5">
        <span className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{title}</span>
        {copyable && <CopyButton text={code} label="Copy" />}
      </figcaption>
      {/* tabIndex lets keyboard users scroll long lines (axe: scrollable-region-focusable). */}
      <pre tabIndex={0} className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}

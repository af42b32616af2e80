import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { cn } from "../../lib/cn";

/** How long the "Copied!" confirmation stays (SPEC section 9). */
export const COPIED_FEEDBACK_MS = 2_000;

const TONES = {
  /** On the dark code panels. */
  dark: "h-8 gap-1.5 border-slate-600 bg-slate-800 px-2.5 text-xs text-slate-100 hover:bg-slate-700",
  /** On white cards and dialogs. */
  light: "h-10 gap-2 border-slate-300 bg-white px-3.5 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50",
} as const;
const ICON_SIZES = { dark: "size-3.5", light: "size-4" } as const;

interface CopyButtonProps {
  text: string;
  /** Accessible name before copying, e.g. "Copy request". */
  label?: string;
  tone?: keyof typeof TONES;
  /** Called after each successful copy, e.g. for a toast. */
  onCopied?: () => void;
  className?: string;
}

export function CopyButton({ text, label = "Copy", tone = "dark", onCopied, className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await copyText(text);
    } catch {
      toast.error("Could not copy to the clipboard. Select the text and copy it manually.");
      return;
    }
    setCopied(true);
    onCopied?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={cn("inline-flex items-center rounded-md border font-medium transition-colors", TONES[tone], className)}
    >
      {copied ? <Check aria-hidden className={ICON_SIZES[tone]} /> : <Copy aria-hidden className={ICON_SIZES[tone]} />}
      <span aria-live="polite">{copied ? "Copied!" : label}</span>
    </button>
  );
}

/** Clipboard API where available (secure contexts), else the legacy selection copy. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy command refused");
}

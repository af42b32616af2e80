import { Download } from "lucide-react";
import { CopyButton } from "../../../components/ui/copy-button";
import { downloadText } from "../../../lib/download-file";

/** The file name SPEC section 2 gives the downloaded response. */
export const RESPONSE_FILE_NAME = "response.json";

/** The response body, pretty-printed, with Copy and Download (as response.json). */
export function ResponseBody({ text }: { text: string }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl border border-slate-800 bg-slate-950 shadow-lg">
      <figcaption className="flex min-h-11 flex-wrap items-center justify-between gap-2 border-b border-slate-800 px-4 py-1.5">
        <span className="text-xs font-semibold tracking-wide text-slate-300 uppercase">Body</span>
        <span className="flex gap-2">
          <CopyButton text={text} label="Copy response" />
          <button
            type="button"
            onClick={() => downloadText(text, RESPONSE_FILE_NAME)}
            className="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-600 bg-slate-800 px-2.5 text-xs font-medium text-slate-100 transition-colors hover:bg-slate-700"
          >
            <Download aria-hidden className="size-3.5" />
            Download
          </button>
        </span>
      </figcaption>
      {/* tabIndex lets keyboard users scroll a long body (axe: scrollable-region-focusable). */}
      <pre tabIndex={0} className="max-h-[32rem] overflow-auto p-4 font-mono text-[13px] leading-relaxed text-slate-100">
        <code>{text}</code>
      </pre>
    </figure>
  );
}

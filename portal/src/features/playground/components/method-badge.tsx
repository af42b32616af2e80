import { cn } from "../../../lib/cn";
import type { PlaygroundEndpoint } from "../lib/endpoints";

const TONES: Record<PlaygroundEndpoint["method"], string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

export function MethodBadge({ method }: { method: PlaygroundEndpoint["method"] }) {
  return <span className={cn("inline-flex w-16 shrink-0 justify-center rounded-md py-0.5 font-mono text-xs font-bold", TONES[method])}>{method}</span>;
}

import { CheckCircle2, CircleSlash, Loader2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

export type PaymentCardTone = "processing" | "success" | "failed" | "cancelled";

const TONES: Record<PaymentCardTone, { icon: ReactNode; ring: string }> = {
  processing: { icon: <Loader2 aria-hidden="true" className="size-10 animate-spin text-brand-700" />, ring: "border-slate-200" },
  success: { icon: <CheckCircle2 aria-hidden="true" className="size-10 text-green-700" />, ring: "border-green-200" },
  failed: { icon: <XCircle aria-hidden="true" className="size-10 text-red-700" />, ring: "border-red-200" },
  cancelled: { icon: <CircleSlash aria-hidden="true" className="size-10 text-amber-700" />, ring: "border-amber-200" },
};

interface PaymentStatusCardProps {
  tone: PaymentCardTone;
  title: string;
  message: ReactNode;
  children?: ReactNode;
}

/** One state of a payment (processing, success, failed, cancelled), announced to screen readers. */
export function PaymentStatusCard({ tone, title, message, children }: PaymentStatusCardProps) {
  return (
    <section
      role={tone === "failed" ? "alert" : "status"}
      aria-live="polite"
      className={cn("rounded-2xl border bg-white p-6 text-center shadow-sm sm:p-8", TONES[tone].ring)}
    >
      <div className="flex justify-center">{TONES[tone].icon}</div>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 text-slate-600">{message}</div>
      {children && <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>}
    </section>
  );
}

import type { ReactNode } from "react";

/** A titled card of figures (the dashboard's overview and billing summaries). */
export function StatCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        <span className="text-brand-700">{icon}</span>
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </article>
  );
}

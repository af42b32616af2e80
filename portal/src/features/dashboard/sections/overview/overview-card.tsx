import type { ReactNode } from "react";

/** A titled card of the overview. */
export function OverviewCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
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

/** The overview's "could not be loaded" state, with a retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5">
      <p className="font-semibold text-red-900">{what} could not be loaded.</p>
      <p className="mt-1 text-sm text-red-900">Check your connection and try again.</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
      >
        Try again
      </button>
    </div>
  );
}

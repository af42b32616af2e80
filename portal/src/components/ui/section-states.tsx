import type { ReactNode } from "react";
import { Button } from "./button";

/** The loading, error and empty states of a dashboard section (and of a panel inside one). */

export function LoadingState({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div>
      <p role="status" className="text-sm text-slate-600">
        {label}
      </p>
      <div aria-hidden className="mt-4 space-y-3">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="h-16 animate-pulse rounded-2xl bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

export function ErrorState({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5">
      <p className="font-semibold text-red-900">{title}</p>
      <p className="mt-1 text-sm text-red-900">Check your connection and try again.</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
}

export function EmptyState({ icon, title, children, actions }: EmptyStateProps) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div aria-hidden className="mx-auto flex size-10 items-center justify-center text-brand-700 [&>svg]:size-10">
        {icon}
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mx-auto mt-2 max-w-md text-slate-600">{children}</div>
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}

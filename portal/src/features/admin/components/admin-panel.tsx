import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import type { RemoteState } from "../../../hooks/use-remote";
import { cn } from "../../../lib/cn";

interface AdminPanelProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  description?: ReactNode;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One panel of the administrator dashboard: a labelled region with its heading and actions. */
export function AdminPanel({ id, title, description, actions, children }: AdminPanelProps) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

interface RemoteContentProps<T> {
  state: RemoteState<T>;
  /** "Loading users..." */
  loadingText: string;
  errorText: string;
  onRetry: () => void;
  /** Whether the loaded data has nothing to show. */
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}

/** Loading, error (with Retry), empty, or the content. */
export function RemoteContent<T>({ state, loadingText, errorText, onRetry, isEmpty, emptyText, children }: RemoteContentProps<T>) {
  if (state.status === "loading") {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-600">
        {loadingText}
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        <span>{errorText}</span>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (isEmpty(state.data)) {
    return <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">{emptyText}</p>;
  }
  return <>{children(state.data)}</>;
}

interface ScrollTableProps {
  label: string;
  /** The header cells, in order. */
  columns: ReadonlyArray<string>;
  /** Tables with more columns keep a wider minimum before they scroll. */
  wide?: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/** A wide table scrolls inside its own box (keyboard-scrollable: the box takes focus), never the page. */
export function ScrollTable({ label, columns, wide = false, children }: ScrollTableProps) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className={cn("w-full border-collapse text-sm", wide ? "min-w-[60rem]" : "min-w-[48rem]")}>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={TH}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

const TH = "px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase";
export const TD = "px-3 py-3 align-top";

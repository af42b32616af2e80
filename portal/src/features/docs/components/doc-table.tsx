import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

interface DocTableProps {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly ReactNode[]>;
  /** Many or long columns: keeps them readable by scrolling sideways sooner on narrow screens. */
  wide?: boolean;
}

/** A reference table that scrolls sideways on its own (never the page) on a narrow screen. */
export function DocTable({ caption, columns, rows, wide = false }: DocTableProps) {
  return (
    // tabIndex lets keyboard users scroll a wide table (axe: scrollable-region-focusable).
    <div tabIndex={0} role="region" aria-label={caption} className="overflow-x-auto rounded-xl border border-slate-200">
      <table className={cn("w-full border-collapse text-left text-sm", wide ? "min-w-[52rem]" : "min-w-[36rem]")}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2.5 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700">
          {rows.map((cells, index) => (
            <tr key={index} className="align-top">
              {cells.map((cell, column) => (
                <td key={column} className="px-4 py-2.5">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

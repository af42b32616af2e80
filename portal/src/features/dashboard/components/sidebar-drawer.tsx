import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";

interface SidebarDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The sidebar's content; following one of its links closes the drawer. */
  children: ReactNode;
}

/**
 * The sidebar on a narrow screen: a modal panel 18rem wide from the left edge. A native modal
 * <dialog> keeps focus inside and the page inert; Escape closes it and focus returns to the
 * button that opened it. A link closes it at once, before the new section takes focus.
 */
export function SidebarDrawer({ open, onClose, children }: SidebarDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        const onBackdrop = event.target === event.currentTarget;
        const onLink = event.target instanceof Element && event.target.closest("a[href]") !== null;
        if (onBackdrop || onLink) close();
      }}
      className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[calc(100vw-2rem)] overflow-y-auto bg-white shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Dashboard menu
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close menu"
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <div className="flex-1">{open && children}</div>
      </div>
    </dialog>
  );
}

import { X } from "lucide-react";
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { cn } from "../../lib/cn";
import { Button } from "./button";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0);
}

/** Reads the ref when called: at close time, the fallback is whatever element it points to then. */
function focusCurrent(ref: RefObject<HTMLElement | null> | undefined): void {
  ref?.current?.focus();
}

interface DialogProps {
  title: string;
  /** Read with the title when the dialog opens. */
  description?: ReactNode;
  children: ReactNode;
  /** Escape, the close button, or the caller's own buttons. */
  onClose: () => void;
  /** "alertdialog" for confirmations of destructive actions. */
  role?: "dialog" | "alertdialog";
  /** Focused when the element that opened the dialog is gone by the time it closes. */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
  /** While true (a request is running) Escape and the close button do nothing. */
  busy?: boolean;
  /** "lg" for longer forms. */
  size?: "md" | "lg";
}

/**
 * A modal dialog, mounted while open: focus moves in (to the element marked `data-autofocus`,
 * else the first field or button of the body), Tab stays inside, Escape closes, and focus
 * returns to the element that opened it. It renders above the page but below the toasts, so
 * toasts stay readable and clickable.
 */
export function Dialog({ title, description, children, onClose, role = "dialog", fallbackFocusRef, busy = false, size = "md" }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const body = bodyRef.current;
    const target = body?.querySelector<HTMLElement>("[data-autofocus]") ?? (body ? focusableIn(body)[0] : undefined) ?? panelRef.current;
    target?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected && !opener.hasAttribute("disabled")) opener.focus();
      else focusCurrent(fallbackFocusRef);
    };
  }, [fallbackFocusRef]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = focusableIn(panelRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="fixed inset-0 z-50 overflow-y-auto bg-slate-950/60">
      <div className="flex min-h-full items-center justify-center p-4">
        <div
          ref={panelRef}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className={cn("w-full rounded-2xl bg-white shadow-xl focus:outline-none", size === "lg" ? "max-w-2xl" : "max-w-lg")}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <h2 id={titleId} className="pt-1 text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              disabled={busy}
              className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <div ref={bodyRef} className="px-5 py-5 sm:px-6">
            {description && (
              <div id={descriptionId} className="text-sm leading-relaxed text-slate-700">
                {description}
              </div>
            )}
            {children}
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** The button row at the bottom of a dialog: stacked full width on phones, right-aligned above. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}

interface FormDialogActionsProps {
  onCancel: () => void;
  /** The form is being sent: both buttons are disabled and the submit button says `busyLabel`. */
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  variant?: "primary" | "danger";
  /** Nothing to send yet (e.g. no change): the submit button is disabled. */
  submitDisabled?: boolean;
  /** Cancel takes the initial focus, as in confirmations. */
  cancelAutofocus?: boolean;
}

/** A dialog form's Cancel and submit buttons. */
export function FormDialogActions({ onCancel, busy, submitLabel, busyLabel, variant, submitDisabled = false, cancelAutofocus = false }: FormDialogActionsProps) {
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus={cancelAutofocus || undefined}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} disabled={busy || submitDisabled} aria-busy={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}

import { useEffect, useRef, type ReactNode } from "react";
import { useDocumentTitle } from "../../../hooks/use-document-title";

export const TEXT_LINK_CLASS = "font-semibold text-brand-700 underline-offset-4 hover:underline";

interface AuthCardProps {
  title: string;
  documentTitle: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card, e.g. "Already have an account? Sign in". */
  footer?: ReactNode;
  /**
   * Moves focus to the heading when the card appears: for screens that replace a form
   * (e.g. "Check Your Email"), so the change is announced. Give the card a new `key` per screen.
   */
  focusTitle?: boolean;
}

/** The frame of the sign-in, sign-up and password screens: a centred card, 360 px and up. */
export function AuthCard({ title, documentTitle, description, children, footer, focusTitle = false }: AuthCardProps) {
  useDocumentTitle(documentTitle);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusTitle) headingRef.current?.focus();
  }, [focusTitle]);

  return (
    <div className="bg-slate-50 px-4 py-12 sm:px-6 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl">
            {title}
          </h1>
          {description && <div className="mt-2 text-slate-600">{description}</div>}
          <div className="mt-8">{children}</div>
        </div>
        {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}

import { useEffect } from "react";

export const SITE_NAME = "Sluice";

/** Sets `document.title` to "{title} · Sluice", or the bare site title when `title` is null. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} · Smart Data Workflows`;
  }, [title]);
}

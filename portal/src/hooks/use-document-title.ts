import { useEffect } from "react";
import { usePortalConfig } from "../lib/portal-config";

/** Sets `document.title` to "{title} · {product name}", or the bare site title when `title` is null. */
export function useDocumentTitle(title: string | null): void {
  const { product_name: productName } = usePortalConfig();
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : `${productName} · Smart Data Workflows`;
  }, [title, productName]);
}

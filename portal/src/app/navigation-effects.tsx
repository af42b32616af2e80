import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { MAIN_CONTENT_ID } from "../components/layouts/skip-link";

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * On every change of path (not of query or hash): scroll smoothly to the top (instantly when the
 * visitor prefers reduced motion) and move focus to the main content, so keyboard and
 * screen-reader users start reading the new page instead of staying on a stale link.
 */
export function NavigationEffects() {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (window.location.hash) return; // a link to an anchor: the page scrolls to it
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}

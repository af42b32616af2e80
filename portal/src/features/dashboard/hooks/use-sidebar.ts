import { useCallback, useEffect, useRef, useState } from "react";
import { DRAWER_MEDIA_QUERY, isSidebarShortcut, readSidebarCollapsed, sidebarCookie } from "../lib/sidebar-state";
import { useMediaQuery } from "./use-media-query";

export interface SidebarControls {
  /** Below 768 px the sidebar is a drawer. */
  isDrawer: boolean;
  /** The wide screen's sidebar shows icons only (kept in a cookie). */
  collapsed: boolean;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  /** Collapses or expands the sidebar, or opens or closes the drawer on a narrow screen. */
  toggle: () => void;
}

/** The dashboard sidebar's state, its cookie and its Ctrl/Cmd+B shortcut. */
export function useSidebar(): SidebarControls {
  const isDrawer = useMediaQuery(DRAWER_MEDIA_QUERY);
  const [collapsed, setCollapsed] = useState(() => readSidebarCollapsed(document.cookie));
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Remember a change for 7 days; the state read from the cookie is not written back.
  const stored = useRef(collapsed);
  useEffect(() => {
    if (stored.current === collapsed) return;
    stored.current = collapsed;
    document.cookie = sidebarCookie(collapsed);
  }, [collapsed]);

  // The drawer belongs to narrow screens: widening the window closes it.
  if (!isDrawer && drawerOpen) setDrawerOpen(false);

  const toggle = useCallback(() => {
    if (window.matchMedia(DRAWER_MEDIA_QUERY).matches) setDrawerOpen((open) => !open);
    else setCollapsed((value) => !value);
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  return { isDrawer, collapsed, drawerOpen, setDrawerOpen, toggle };
}

import { readCookie } from "../../../lib/api-client";

/** The cookie that keeps the sidebar collapsed or expanded across visits (issue 9: 7 days). */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** Ctrl+B, or Cmd+B on a Mac, toggles the sidebar (the drawer on a phone). */
export const SIDEBAR_SHORTCUT_KEY = "b";

/** Below this width the sidebar is a drawer (Tailwind's `md` breakpoint). */
export const DRAWER_MEDIA_QUERY = "(max-width: 767.98px)";

/** True when the cookie says "collapsed"; a missing or unknown value means expanded. */
export function readSidebarCollapsed(cookies: string): boolean {
  return readCookie(cookies, SIDEBAR_COOKIE) === "collapsed";
}

/** The `document.cookie` assignment that remembers the state for 7 days, for the whole site. */
export function sidebarCookie(collapsed: boolean): string {
  return `${SIDEBAR_COOKIE}=${collapsed ? "collapsed" : "expanded"}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export interface ShortcutKeys {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Ctrl+B or Cmd+B, without Alt or Shift (Ctrl+Shift+B is the browser's bookmarks bar). */
export function isSidebarShortcut(event: ShortcutKeys): boolean {
  return event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

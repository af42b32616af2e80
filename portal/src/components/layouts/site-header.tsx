import { LogOut, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { cn } from "../../lib/cn";
import { buttonClasses } from "../ui/button";
import { Logo } from "../ui/logo";
import { PRIMARY_NAV, accountNav, type NavItem, type NavSession } from "./nav-links";

const MOBILE_MENU_ID = "mobile-menu";

function desktopLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );
}

function mobileLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    "block rounded-md px-3 py-3 text-base font-medium",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100",
  );
}

interface SiteHeaderProps {
  session: NavSession;
  /** Signs out (signed-in users only see the button). */
  onSignOut?: () => void;
  signingOut?: boolean;
}

/**
 * Sticky top bar (SPEC section 2): logo left, links, and a menu toggle below 768 px.
 * Visitors get Sign In / Get Started; signed-in users Dashboard (Admin for admins) and Sign Out.
 */
export function SiteHeader({ session, onSignOut, signingOut = false }: SiteHeaderProps) {
  const { pathname } = useLocation();
  // The menu remembers the path it was opened on, so any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const account = accountNav(session);
  const mobileItems: NavItem[] = [...PRIMARY_NAV, ...account.secondary, account.primary];
  const showSignOut = session.signedIn && onSignOut !== undefined;

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpenedOn(null);
      toggleRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-md" aria-label="Sluice home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <ul className="flex items-center gap-1">
            {PRIMARY_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={desktopLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <span aria-hidden className="mx-2 h-6 w-px bg-slate-200" />
          <ul className="flex items-center gap-2">
            {account.secondary.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={desktopLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink
                to={account.primary.to}
                end
                className={({ isActive }) => buttonClasses("primary", "md", isActive ? "ring-2 ring-brand-300 ring-offset-1" : undefined)}
              >
                {account.primary.label}
              </NavLink>
            </li>
            {showSignOut && (
              <li>
                <button type="button" className={buttonClasses("ghost")} onClick={onSignOut} disabled={signingOut} aria-busy={signingOut}>
                  <LogOut aria-hidden className="size-4" />
                  Sign Out
                </button>
              </li>
            )}
          </ul>
        </nav>

        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label="Toggle menu"
          aria-expanded={open}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setOpenedOn(open ? null : pathname)}
        >
          {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
        </button>
      </div>

      <nav id={MOBILE_MENU_ID} aria-label="Main menu" hidden={!open} className="border-t border-slate-200 bg-white md:hidden">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {mobileItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={mobileLinkClass} onClick={() => setOpenedOn(null)}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {showSignOut && (
            <li>
              <button
                type="button"
                className={cn(mobileLinkClass({ isActive: false }), "flex w-full items-center gap-2 text-left")}
                disabled={signingOut}
                aria-busy={signingOut}
                onClick={() => {
                  setOpenedOn(null);
                  onSignOut();
                }}
              >
                <LogOut aria-hidden className="size-5" />
                Sign Out
              </button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}

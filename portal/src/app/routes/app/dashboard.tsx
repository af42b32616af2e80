import { CreditCard, KeyRound, LayoutDashboard, type LucideIcon } from "lucide-react";
import { useEffect, useRef, type ComponentType } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { LinkCard, LinkCardGrid } from "../../../components/ui/link-card";
import { ApiKeysSection } from "../../../features/api-keys/components/api-keys-section";
import { useAuth } from "../../../features/auth/auth-context";
import { BillingSection } from "../../../features/billing/components/billing-section";
import { DashboardCheckoutSection } from "../../../features/payments/components/dashboard-checkout";
import { hasCheckoutQuery } from "../../../features/payments/lib/checkout-query";
import { displayNameOf } from "../../../features/auth/lib/account";
import { useDocumentTitle } from "../../../hooks/use-document-title";
import { cn } from "../../../lib/cn";

interface DashboardSection {
  /** The value of `?section=` (SPEC: /dashboard?section=api-keys). */
  id: string;
  /** The navigation label, the document title and, except on the overview, the page heading. */
  title: string;
  icon: LucideIcon;
  component: ComponentType;
}

function OverviewSection() {
  return (
    <div className="space-y-8">
      <p className="max-w-3xl text-lg leading-relaxed text-slate-600">
        Manage your API keys, watch your usage against your monthly quota, and handle your plan and billing.
      </p>
      <LinkCardGrid>
        <LinkCard
          title="API Keys"
          text="Create keys with their own permission and monthly cap, see their usage, rotate or delete them."
          to="/dashboard?section=api-keys"
        />
        <LinkCard
          title="Billing & Credits"
          text="See your plan, this month's usage against your allowance and your payments, and change plans."
          to="/dashboard?section=billing"
        />
      </LinkCardGrid>
    </div>
  );
}

const OVERVIEW: DashboardSection = { id: "overview", title: "Overview", icon: LayoutDashboard, component: OverviewSection };

/** The dashboard's sections in navigation order; a new section is one more row. */
const SECTIONS: readonly DashboardSection[] = [
  OVERVIEW,
  { id: "api-keys", title: "API Keys", icon: KeyRound, component: ApiKeysSection },
  { id: "billing", title: "Billing & Credits", icon: CreditCard, component: BillingSection },
];

/** Reached only through its query parameters, never the navigation (SPEC). */
const CHECKOUT: DashboardSection = { id: "checkout", title: "Checkout", icon: CreditCard, component: DashboardCheckoutSection };

/** Checkout when plan, tier, period and amount are given; else `?section=`, or billing after a payment (SPEC: success=true opens billing). */
function sectionFor(params: URLSearchParams): DashboardSection {
  if (hasCheckoutQuery(params)) return CHECKOUT;
  const id = params.get("section") ?? (params.get("success") === "true" ? "billing" : null);
  return SECTIONS.find((section) => section.id === id) ?? OVERVIEW;
}

export function DashboardRoute() {
  const { user, profile } = useAuth();
  const [params] = useSearchParams();
  const section = sectionFor(params);
  const name = user ? displayNameOf(profile, user.email) : "there";
  const heading = section === OVERVIEW ? `Welcome, ${name}` : section.title;
  useDocumentTitle(section === OVERVIEW ? "Dashboard" : `${section.title} · Dashboard`);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(section.id);
  const Section = section.component;
  // On a narrow screen the tabs scroll sideways: bring the current one into view.
  const currentTabRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    currentTabRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [section.id]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:flex lg:gap-8">
      <nav aria-label="Dashboard" className="lg:w-48 lg:shrink-0">
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
          {SECTIONS.map((item) => {
            const current = item === section;
            const Icon = item.icon;
            return (
              <li key={item.id} className="shrink-0">
                <Link
                  to={{ search: `?section=${item.id}` }}
                  ref={current ? currentTabRef : undefined}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-2.5 rounded-lg px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors",
                    current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                  )}
                >
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {item.title}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-8 min-w-0 flex-1 lg:mt-0">
        <header>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Dashboard</p>
          <h1 ref={headingRef} tabIndex={-1} className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900 focus:outline-none sm:text-4xl">
            {heading}
          </h1>
        </header>
        <div className="mt-6">
          <Section />
        </div>
      </div>
    </div>
  );
}

/** Moves focus to the returned element when `key` changes (not on the first render): the new section's heading. */
function useFocusOnChange<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}

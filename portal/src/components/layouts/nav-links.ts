export interface NavItem {
  to: string;
  label: string;
}

export interface NavSession {
  signedIn: boolean;
  isAdmin: boolean;
}

/** Links every visitor sees in the top bar. */
export const PRIMARY_NAV: readonly NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/api-docs", label: "Documentation" },
  { to: "/pricing", label: "Pricing" },
  { to: "/status", label: "Status" },
];

/** Account links: Sign In / Get Started when signed out, Dashboard (and Admin) when signed in. */
export function accountNav({ signedIn, isAdmin }: NavSession): { secondary: NavItem[]; primary: NavItem } {
  if (!signedIn) return { secondary: [{ to: "/signin", label: "Sign In" }], primary: { to: "/signup", label: "Get Started" } };
  return {
    secondary: isAdmin ? [{ to: "/admin-dashboard", label: "Admin" }] : [],
    primary: { to: "/dashboard", label: "Dashboard" },
  };
}

import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { SiteFooter } from "../components/layouts/site-footer";
import { SiteHeader } from "../components/layouts/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "../components/layouts/skip-link";
import { PageLoading } from "../components/ui/page-loading";
import { useAuth } from "../features/auth/auth-context";
import { NavigationEffects } from "./navigation-effects";

/** Skip link, sticky navigation, the page, and the footer, around every route. */
export function RootLayout() {
  const { status, isAdmin } = useAuth();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <NavigationEffects />
      <SiteHeader session={{ signedIn: status === "signed-in", isAdmin }} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

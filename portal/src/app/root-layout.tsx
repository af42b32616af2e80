import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { SiteFooter } from "../components/layouts/site-footer";
import { SiteHeader } from "../components/layouts/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "../components/layouts/skip-link";
import { PageLoading } from "../components/ui/page-loading";
import { useAuth } from "../features/auth/auth-context";
import { EmailConfirmation } from "../features/auth/components/email-confirmation";
import { useSignOut } from "../features/auth/hooks/use-sign-out";
import { NavigationEffects } from "./navigation-effects";

/** Skip link, sticky navigation, the page, and the footer, around every route. */
export function RootLayout() {
  const { user, isAdmin } = useAuth();
  const { signOut, signingOut } = useSignOut();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <NavigationEffects />
      <EmailConfirmation />
      <SiteHeader session={{ signedIn: user !== null, isAdmin }} onSignOut={() => void signOut()} signingOut={signingOut} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

import type { ComponentType } from "react";
import { useSearchParams } from "react-router-dom";
import type { OAuthProvider } from "../../../../../core/contracts/auth";
import { RETURN_PARAM, safeReturnPath } from "../../../../../core/contracts/return-path";
import { buttonClasses } from "../../../components/ui/button";
import { env } from "../../../lib/env";
import { usePortalConfig } from "../../../lib/portal-config";

function GitHubMark() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="size-5 shrink-0 fill-current">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5 shrink-0">
      <path fill="#4285F4" d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.63h6.46a5.52 5.52 0 0 1-2.4 3.63v3h3.88c2.27-2.09 3.58-5.17 3.58-8.81z" />
      <path fill="#34A853" d="M12 24c3.24 0 5.96-1.07 7.94-2.91l-3.88-3c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.29 14.29A7.2 7.2 0 0 1 4.91 12c0-.8.14-1.57.38-2.29v-3.1H1.28A12 12 0 0 0 0 12c0 1.94.46 3.77 1.28 5.39l4.01-3.1z" />
      <path fill="#EA4335" d="M12 4.77c1.76 0 3.34.61 4.59 1.8l3.44-3.44C17.95 1.19 15.24 0 12 0A12 12 0 0 0 1.28 6.61l4.01 3.1C6.23 6.88 8.88 4.77 12 4.77z" />
    </svg>
  );
}

const MARKS: Record<OAuthProvider, ComponentType> = { github: GitHubMark, google: GoogleMark };

/**
 * The provider's start address on the gateway, carrying the page to return to; anything but a
 * path or an http(s) URL is refused.
 */
function startHref(startUrl: string, returnTo: string | null): string | null {
  const query = returnTo ? `?${new URLSearchParams({ [RETURN_PARAM]: returnTo }).toString()}` : "";
  if (startUrl.startsWith("/") && !startUrl.startsWith("//")) return `${env.apiBaseUrl}${startUrl}${query}`;
  return /^https?:\/\//i.test(startUrl) ? `${startUrl}${query}` : null;
}

/**
 * "Continue with GitHub" / "Continue with Google", only for the providers the gateway has
 * configured (its portal configuration; none when that could not be read: password sign-in
 * still works). Plain links: the gateway runs the OAuth redirect dance and lands on the page
 * the visitor was sent from (`?next=`) or /dashboard, or on /signin?error=... when it fails.
 */
export function OAuthButtons() {
  const { oauth_providers: providers } = usePortalConfig();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM));
  const links = providers.flatMap((provider) => {
    const href = startHref(provider.start_url, returnTo);
    return href ? [{ ...provider, href }] : [];
  });
  if (links.length === 0) return null;

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <ul className="mt-6 space-y-3">
        {links.map(({ id, name, href }) => {
          const Mark = MARKS[id];
          return (
            <li key={id}>
              <a href={href} className={buttonClasses("secondary", "md", "w-full")}>
                <Mark />
                Continue with {name}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

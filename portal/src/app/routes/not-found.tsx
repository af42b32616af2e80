import { ButtonLink } from "../../components/ui/button";
import { useDocumentTitle } from "../../hooks/use-document-title";

export function NotFoundRoute() {
  useDocumentTitle("Page not found");
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-7xl font-extrabold tracking-tight text-brand-700 sm:text-8xl">404</h1>
      <p className="mt-4 text-2xl font-semibold text-slate-900">Oops! Page not found</p>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has been moved.</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        Return to Home
      </ButtonLink>
    </div>
  );
}

import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { buttonClasses } from "../components/ui/button";
import { useDocumentTitle } from "../hooks/use-document-title";
import { env } from "../lib/env";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/**
 * The fallback for errors thrown while rendering a route (SPEC: "Unexpected Application Error!").
 * Inside the layout it replaces the page; `standalone` is used when the layout itself failed.
 * The home link is a full page load, so the app starts again from a clean state.
 */
export function RouteErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  useDocumentTitle("Unexpected error");

  const content = (
    <div role="alert" className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg text-slate-600">
        Something went wrong while showing this page. Reloading usually helps; if it keeps happening, please contact us.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClasses("primary", "lg")}>
          Return to Home
        </a>
        <button type="button" onClick={() => window.location.reload()} className={buttonClasses("secondary", "lg")}>
          Reload the page
        </button>
      </div>
      {env.isDev && (
        <pre className="mt-10 overflow-x-auto rounded-lg bg-slate-100 p-4 text-left text-xs text-slate-800">{describe(error)}</pre>
      )}
    </div>
  );

  return standalone ? <main className="min-h-screen bg-white">{content}</main> : content;
}

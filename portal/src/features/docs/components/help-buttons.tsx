import { Bug, ExternalLink, Mail, MessagesSquare } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClasses } from "../../../components/ui/button";
import { HELP_LINKS } from "../lib/help-links";

function NewTabHint() {
  return (
    <>
      <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </>
  );
}

/** Where to ask: the community forum, the support team, or the issue tracker. */
export function HelpButtons() {
  return (
    <aside aria-labelledby="help-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="help-title" className="text-lg font-semibold text-slate-900">
        Need help?
      </h2>
      <p className="mt-1 text-slate-600">Ask other developers, write to our support team, or report a bug.</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a href={HELP_LINKS.community} target="_blank" rel="noreferrer" className={buttonClasses("secondary")}>
          <MessagesSquare aria-hidden className="size-4" />
          Community
          <NewTabHint />
        </a>
        <Link to={HELP_LINKS.contact} className={buttonClasses("secondary")}>
          <Mail aria-hidden className="size-4" />
          Contact support
        </Link>
        <a href={HELP_LINKS.issues} target="_blank" rel="noreferrer" className={buttonClasses("secondary")}>
          <Bug aria-hidden className="size-4" />
          Report an issue
          <NewTabHint />
        </a>
      </div>
    </aside>
  );
}

import { Bug, ExternalLink, Mail, MessagesSquare, type LucideIcon } from "lucide-react";
import { ISSUES_URL, SOCIAL_LINKS, SUPPORT_EMAIL, SUPPORT_RESPONSE_HOURS } from "../../../components/layouts/site-contacts";
import { buttonClasses } from "../../../components/ui/button";

interface Channel {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Shown under the text, e.g. the address a mailto button writes to. */
  detail?: string;
  action: string;
  href: string;
  external: boolean;
}

const CHANNELS: readonly Channel[] = [
  {
    icon: Mail,
    title: "Email support",
    text: `Questions about the API, your account or billing. We answer within ${SUPPORT_RESPONSE_HOURS} hours.`,
    detail: SUPPORT_EMAIL,
    action: "Email Support",
    href: `mailto:${SUPPORT_EMAIL}`,
    external: false,
  },
  {
    icon: MessagesSquare,
    title: "Follow us",
    text: "Release notes, new features and maintenance announcements as they happen.",
    action: "Follow on X",
    href: SOCIAL_LINKS.x,
    external: true,
  },
  {
    icon: Bug,
    title: "Report an issue",
    text: "Found a bug in the API, an SDK or the documentation? Open an issue in our public tracker.",
    action: "Open an Issue",
    href: ISSUES_URL,
    external: true,
  },
];

/** The three ways to reach us: a mailto button, and the social and issue-tracker links (new tab). */
export function ContactChannels() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {CHANNELS.map(({ icon: Icon, title, text, detail, action, href, external }) => (
        <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon aria-hidden className="size-6" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
          <p className="mt-2 flex-1 leading-relaxed text-slate-600">{text}</p>
          {detail && <p className="mt-3 text-sm font-medium break-all text-slate-900">{detail}</p>}
          <a
            href={href}
            className={buttonClasses(external ? "secondary" : "primary", "md", "mt-5 w-full")}
            {...(external ? { target: "_blank", rel: "noreferrer" } : {})}
          >
            {action}
            {external && (
              <>
                <ExternalLink aria-hidden className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

import { ExternalLink } from "lucide-react";
import { Link } from "react-router-dom";
import { Logo } from "../ui/logo";
import { SOCIAL_LINKS } from "./site-contacts";

// Other features read the social links from here; site-contacts.ts is their home.
export { SOCIAL_LINKS };

interface FooterLink {
  label: string;
  to?: string;
  href?: string;
}

const COLUMNS: ReadonlyArray<{ title: string; links: FooterLink[] }> = [
  {
    title: "Product",
    links: [
      { label: "Documentation", to: "/api-docs" },
      { label: "Playground", to: "/playground" },
      { label: "SDKs", to: "/sdks" },
      { label: "Pricing", to: "/pricing" },
    ],
  },
  {
    title: "Platform",
    links: [
      { label: "Status", to: "/status" },
      { label: "Terms of Service", to: "/terms" },
      { label: "Privacy Policy", to: "/privacy" },
    ],
  },
  {
    title: "Connect",
    links: [
      { label: "Contact", to: "/contact" },
      { label: "GitHub", href: SOCIAL_LINKS.github },
      { label: "X (Twitter)", href: SOCIAL_LINKS.x },
    ],
  },
];

const linkClass = "inline-flex items-center gap-1.5 rounded-sm py-1 text-sm text-slate-300 hover:text-white hover:underline";

function FooterItem({ link }: { link: FooterLink }) {
  if (link.href) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {link.label}
        <ExternalLink aria-hidden className="size-3.5" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={link.to ?? "/"} className={linkClass}>
      {link.label}
    </Link>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="col-span-full max-w-xs md:col-span-1">
          <Logo inverse />
          <p className="mt-3 text-sm leading-relaxed">
            Metered APIs for workflow automation, data processing and analytics.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2 id={`footer-${column.title.toLowerCase()}`} className="text-sm font-semibold text-white">
              {column.title}
            </h2>
            <ul className="mt-3 space-y-1">
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterItem link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">© {year} Sluice. All rights reserved.</p>
      </div>
    </footer>
  );
}

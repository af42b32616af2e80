import { SOCIAL_LINKS } from "../../../components/layouts/site-footer";

/** Where to get help: the community forum, the support team, and the public issue tracker. */
export const HELP_LINKS = {
  community: `https://github.com/orgs/${new URL(SOCIAL_LINKS.github).pathname.slice(1)}/discussions`,
  contact: "/contact",
  issues: `${SOCIAL_LINKS.github}/sluice/issues`,
} as const;

/** Where people reach Sluice: the footer, the contact page and the legal pages all say the same. */
export const SUPPORT_EMAIL = "support@sluice.dev";

/** How soon support answers an e-mail (SPEC: within 24 hours). */
export const SUPPORT_RESPONSE_HOURS = 24;

export const SOCIAL_LINKS = {
  github: "https://github.com/sluice-dev",
  x: "https://x.com/sluicedev",
} as const;

/** The public issue tracker for bugs in the API, SDKs and documentation. */
export const ISSUES_URL = `${SOCIAL_LINKS.github}/sluice/issues`;

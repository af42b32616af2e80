/**
 * Building blocks of the e-mails' bodies: HTML escaping, link checks, and one renderer that
 * turns a list of blocks into matching plain-text and HTML bodies.
 */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for an HTML element body or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Returns the URL if it is absolute http(s); anything else (javascript:, relative) is a bug. */
export function assertHttpUrl(value: string): string {
  const url = URL.parse(value);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new TypeError("e-mail links must be absolute http(s) URLs");
  }
  return value;
}

export type EmailBlock = { kind: "text"; text: string } | { kind: "button"; label: string; url: string };

export interface EmailLayout {
  productName: string;
  publicUrl: string;
  subject: string;
  blocks: EmailBlock[];
  /** Why the reader received this message; shown in small print. */
  reason: string;
}

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const STYLES = {
  body: `margin:0;padding:0;background-color:#f4f5f7;color:#1f2328;font-family:${FONT};`,
  card: "max-width:560px;margin:0 auto;padding:32px 24px;background-color:#ffffff;border-radius:8px;",
  brand: "margin:0 0 24px;font-size:20px;font-weight:700;color:#1f2328;",
  paragraph: "margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2328;",
  button:
    "display:inline-block;padding:12px 20px;background-color:#1d4ed8;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;border-radius:6px;",
  fallback: "margin:0 0 24px;font-size:13px;line-height:20px;color:#4b5563;word-break:break-all;",
  link: "color:#1d4ed8;",
  footer: "max-width:560px;margin:0 auto;padding:16px 24px;font-size:12px;line-height:18px;color:#4b5563;",
};

function renderText(layout: EmailLayout): string {
  const blocks = layout.blocks.map((block) => (block.kind === "text" ? block.text : `${block.label}:\n${block.url}`));
  return [...blocks, "--", `${layout.productName} · ${layout.publicUrl}`, layout.reason].join("\n\n") + "\n";
}

function renderHtmlBlock(block: EmailBlock): string {
  if (block.kind === "text") return `<p style="${STYLES.paragraph}">${escapeHtml(block.text)}</p>`;
  const href = escapeHtml(block.url);
  return [
    `<p style="margin:0 0 12px;"><a href="${href}" style="${STYLES.button}">${escapeHtml(block.label)}</a></p>`,
    `<p style="${STYLES.fallback}">If the button does not work, copy this link into your browser:<br>`,
    `<a href="${href}" style="${STYLES.link}">${href}</a></p>`,
  ].join("\n");
}

function renderHtml(layout: EmailLayout): string {
  const product = escapeHtml(layout.productName);
  const home = escapeHtml(layout.publicUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(layout.subject)}</title>
</head>
<body style="${STYLES.body}">
<div role="article" aria-label="${escapeHtml(layout.subject)}" style="padding:24px 12px;">
<div style="${STYLES.card}">
<p style="${STYLES.brand}">${product}</p>
${layout.blocks.map(renderHtmlBlock).join("\n")}
</div>
<div style="${STYLES.footer}">
<p style="margin:0 0 4px;">${escapeHtml(layout.reason)}</p>
<p style="margin:0;">${product} · <a href="${home}" style="${STYLES.link}">${home}</a></p>
</div>
</div>
</body>
</html>
`;
}

/** The subject with matching plain-text and HTML bodies; every value is escaped in the HTML. */
export function renderEmail(layout: EmailLayout): EmailMessage {
  assertHttpUrl(layout.publicUrl);
  for (const block of layout.blocks) if (block.kind === "button") assertHttpUrl(block.url);
  return { subject: layout.subject, text: renderText(layout), html: renderHtml(layout) };
}

import { escapeHtml } from "../../core/email/html.js";
import type { OutboxEntry } from "../../core/email/outbox.js";

/**
 * The development mailbox as one server-rendered page: every value escaped, styles inline in
 * the page, no scripts (it must work under the gateway's `script-src 'self'` policy).
 */

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
// Sentence punctuation right after a link is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Escapes text for HTML and turns every http(s) URL in it into a link. */
export function linkifyText(text: string): string {
  let html = "";
  let position = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    if (url.endsWith("://")) continue;
    html += escapeHtml(text.slice(position, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    position = match.index + url.length;
  }
  return html + escapeHtml(text.slice(position));
}

const STYLE = `
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f4f5f7; color: #1f2328; }
header, main { max-width: 900px; margin: 0 auto; padding: 16px 20px; }
h1 { font-size: 1.5rem; margin: 8px 0; }
header p { margin: 0 0 12px; color: #4b5563; }
form { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
input { padding: 6px 8px; border: 1px solid #9ca3af; border-radius: 4px; min-width: 260px; font: inherit; }
button { padding: 6px 12px; border: 0; border-radius: 4px; background: #1d4ed8; color: #fff; font: inherit; cursor: pointer; }
article { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 16px 20px; margin-bottom: 16px; }
article h2 { font-size: 1.125rem; margin: 0 0 8px; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; font-size: 0.875rem; }
dt { color: #4b5563; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 4px; padding: 12px; margin: 0 0 8px; font-size: 0.875rem; }
a { color: #1d4ed8; }
.status { display: inline-block; padding: 0 8px; border-radius: 999px; font-weight: 600; }
.status-queued { background: #fef3c7; color: #92400e; }
.status-sent { background: #dcfce7; color: #166534; }
.status-failed { background: #fee2e2; color: #991b1b; }
.status-dry_run { background: #e0e7ff; color: #3730a3; }
.empty { color: #4b5563; }
`;

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

function renderMessage(message: OutboxEntry): string {
  const error = message.last_error ? `<dt>Last error</dt><dd>${escapeHtml(message.last_error)}</dd>` : "";
  const htmlLink = message.html ? `<p><a href="/dev/mailbox/${encodeURIComponent(message.id)}/html">View the HTML version</a></p>` : "";
  return `<article aria-labelledby="subject-${escapeHtml(message.id)}">
<h2 id="subject-${escapeHtml(message.id)}">${escapeHtml(message.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Time</dt><dd><time datetime="${message.created_at.toISOString()}">${formatTime(message.created_at)}</time></dd>
<dt>Status</dt><dd><span class="status status-${escapeHtml(message.status)}">${escapeHtml(message.status)}</span></dd>
${error}
</dl>
<pre>${linkifyText(message.text)}</pre>
${htmlLink}
</article>`;
}

export function renderMailboxPage(input: { productName: string; messages: OutboxEntry[]; to: string | undefined; limit: number }): string {
  const product = escapeHtml(input.productName);
  const filter = input.to ? ` to ${escapeHtml(input.to)}` : "";
  const body = input.messages.length
    ? input.messages.map(renderMessage).join("\n")
    : `<p class="empty">No messages${filter} yet.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · ${product}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Development mailbox</h1>
<p>E-mail written by ${product}${filter}, newest first (at most ${input.limit}). This page does not exist in production.</p>
<form method="get" action="/dev/mailbox">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${escapeHtml(input.to ?? "")}" placeholder="someone@example.com">
<button type="submit">Filter</button>
${input.to ? '<a href="/dev/mailbox">Show all</a>' : ""}
</form>
</header>
<main>
${body}
</main>
</body>
</html>
`;
}

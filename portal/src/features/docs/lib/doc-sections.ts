/** The sidebar of /api-docs: each id is the anchor of its section (SPEC.md section 2). */
export const DOC_SECTIONS = [
  { id: "getting-started", title: "Getting started" },
  { id: "authentication", title: "Authentication" },
  { id: "sdks", title: "SDKs and tools" },
  { id: "workflows", title: "Workflows" },
  { id: "streams", title: "Streams" },
  { id: "webhooks", title: "Webhooks" },
  { id: "rate-limits", title: "Rate limits" },
  { id: "errors", title: "Errors" },
  { id: "changelog", title: "Changelog" },
] as const;

export type DocSectionId = (typeof DOC_SECTIONS)[number]["id"];

export const DOC_SECTION_IDS: readonly DocSectionId[] = DOC_SECTIONS.map((section) => section.id);

/** A block of a legal section: a paragraph, or a bulleted list. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  /** Anchor of the section, e.g. "payments". */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

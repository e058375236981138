/**
 * The legal pages: terms, privacy, refunds and contact, whose text the operator writes in Markdown
 * (content/legal/<name>.md). The build turns each file into a LegalDocument (legal-pages.ts): a tree of the few
 * elements listed here, which the page renders as React elements, so no markup from the file reaches the page.
 */

export const LEGAL_PAGE_PATHS = {
  terms: '/terms',
  privacy: '/privacy',
  refunds: '/refunds',
  contact: '/contact',
} as const;

export type LegalPageName = keyof typeof LEGAL_PAGE_PATHS;

/** Every element a legal text may hold. h1 is not among them: the page's own, translated heading is its h1. */
export const LEGAL_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'pre',
  'code',
  'strong',
  'em',
  's',
  'a',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

export type LegalTag = (typeof LEGAL_TAGS)[number];

export interface LegalElement {
  tag: LegalTag;
  /** Links only: a path of this site, an http(s) address, mailto: or tel:. */
  href?: string;
  /** Ordered lists that do not start at 1. */
  start?: number;
  children: LegalNode[];
}

/** Text is a plain string: React escapes it. */
export type LegalNode = string | LegalElement;

export interface LegalDocument {
  /** The language the operator wrote the text in (content/legal/settings.json), a BCP 47 tag. */
  language: string;
  content: LegalNode[];
}

/** Whether a link in a legal text may be rendered: a path of this site, http(s), mailto: or tel:. */
export function isAllowedLegalHref(href: string): boolean {
  if (href.startsWith('/')) return !href.startsWith('//') && !href.startsWith('/\\');
  if (href.startsWith('#')) return true;
  return /^(https?:\/\/|mailto:|tel:)/i.test(href);
}

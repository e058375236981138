import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { canonicalPath, headFor, HOME } from './pages';
import { OG_IMAGE, SITE_NAME, siteUrlFrom } from './site';

const IMAGE_ALT = msg`The Nano Banana API logo and name, with the line “Image generation for your product, one API call away”`;

/** Open Graph spells a locale language_TERRITORY. */
const OG_LOCALES: Record<string, string> = { en: 'en_US', es: 'es_ES', fr: 'fr_FR', de: 'de_DE', ru: 'ru_RU', 'zh-CN': 'zh_CN' };

/** A `<meta name|property=key content>` or `<link rel=key href>`; a null value means the page has none. */
export type HeadTag = readonly [attribute: 'name' | 'property' | 'rel', key: string, value: string | null];

export interface HeadInput {
  /** The address's path (no query): any path, an unknown one gives the 404 page's head. */
  path: string;
  /** Translates the head, in its active locale. */
  i18n: Pick<I18n, '_' | 'locale'>;
  /** The public origin (config.siteUrl): canonical links and image URLs are absolute. */
  siteUrl: string;
}

/** The page's title and tags: one list for the prerendered HTML (renderHeadTags) and the live page (DocumentHead). */
export function headOf({ path, i18n, siteUrl }: HeadInput): { title: string; tags: HeadTag[] } {
  const head = headFor(path);
  const origin = siteUrlFrom(siteUrl);
  const title = i18n._(head.title);
  const description = i18n._(head.description ?? HOME.description);
  // The 404 file answers every unknown address, so it cannot name one as its own.
  const url = head.noindex ? null : origin + canonicalPath(path);
  const image = origin + OG_IMAGE.path;
  const alt = i18n._(IMAGE_ALT);
  return {
    title,
    tags: [
      ['name', 'description', description],
      ['rel', 'canonical', url],
      ['name', 'robots', head.noindex ? 'noindex' : null],
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', SITE_NAME],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', url],
      ['property', 'og:image', image],
      ['property', 'og:image:width', String(OG_IMAGE.width)],
      ['property', 'og:image:height', String(OG_IMAGE.height)],
      ['property', 'og:image:alt', alt],
      ['property', 'og:locale', OG_LOCALES[i18n.locale] ?? 'en_US'],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
      ['name', 'twitter:image:alt', alt],
    ],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page's <title> and head tags as HTML, one per line, for the prerendered files. */
export function renderHeadTags(input: HeadInput): string {
  const { title, tags } = headOf(input);
  const lines = [`<title>${escapeHtml(title)}</title>`];
  for (const [attribute, key, value] of tags) {
    if (value === null) continue;
    lines.push(
      attribute === 'rel' ? `<link rel="${key}" href="${escapeHtml(value)}">` : `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`,
    );
  }
  return lines.join('\n');
}

/**
 * What search engines and link previews need to know about the site, in plain TypeScript (no Lingui macros), so
 * vite.config.ts can import it at config time for robots.txt and sitemap.xml (seo-files.ts) and the app's page
 * table (pages.ts) can share it.
 */

export { DEFAULT_SITE_URL, siteUrlFrom } from '../../services/siteUrl.ts';

export const SITE_NAME = 'Nano Banana API';

/** The prerendered pages, listed in the sitemap. */
export const PUBLIC_PATHS = ['/', '/get-started', '/playground/flux', '/join-discord', '/terms', '/privacy', '/refunds', '/contact'] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** The signed-in app: nothing there for a search engine (robots.txt disallows each, with everything below it). */
export const PRIVATE_PREFIXES = ['/dashboard', '/recent-history', '/__machines'] as const;

/** The link-preview image in public/ (scripts/og-image.mjs draws it). */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

/**
 * The site's origin, plain TypeScript with no imports: `src/config.ts` reads it at run time and vite.config.ts (through
 * `src/app/seo/site.ts`) at config time.
 */

/** Where `npm start` serves; a deployment sets VITE_SITE_URL. */
export const DEFAULT_SITE_URL = 'http://localhost:5173';

/** The site's origin from VITE_SITE_URL: blank counts as unset, and a trailing slash is dropped. */
export function siteUrlFrom(value: unknown): string {
  const url = typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
  return url || DEFAULT_SITE_URL;
}

/**
 * robots.txt and sitemap.xml, written into the client build from the site's public routes (src/app/seo/site.ts)
 * and its public origin (VITE_SITE_URL).
 */
import type { Plugin } from 'vite';
import { DEFAULT_SITE_URL, PRIVATE_PREFIXES, PUBLIC_PATHS, siteUrlFrom } from './src/app/seo/site.ts';

export interface SiteSettings {
  VITE_SITE_URL?: string | undefined;
  VITE_API_BASE_URL?: string | undefined;
}

/** The origin, or an error: the links are absolute and the app's routes live at the root of the origin. */
export function checkedSiteUrl(value: string | undefined): string {
  const siteUrl = siteUrlFrom(value);
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    throw new Error(`VITE_SITE_URL must be an absolute URL such as https://www.example.com, not "${siteUrl}".`);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== siteUrl) {
    throw new Error(`VITE_SITE_URL must be an http(s) origin with no path, query or fragment (such as https://www.example.com), not "${siteUrl}".`);
  }
  return siteUrl;
}

/** Crawl everything but the signed-in app; the sitemap is named by its absolute URL, as the format requires. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sitemap protocol's urlset: one absolute <loc> per path. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(siteUrl + path)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join(
    '\n',
  );
}

/** Emits robots.txt and sitemap.xml into the client build (not into a server-side build of the same app). */
export function seoFilesPlugin(env: SiteSettings): Plugin {
  let siteUrl = '';
  return {
    name: 'seo-files',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      // Checked when building only: a mistyped origin fails the build instead of shipping broken links.
      siteUrl = checkedSiteUrl(env.VITE_SITE_URL);
      if (env.VITE_API_BASE_URL?.trim() && !env.VITE_SITE_URL?.trim()) {
        config.logger.warn(`VITE_SITE_URL is unset: canonical links, link previews and the sitemap point at ${DEFAULT_SITE_URL}.`);
      }
    },
    generateBundle() {
      if (this.environment && this.environment.config.consumer !== 'client') return;
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(siteUrl) });
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(siteUrl, PUBLIC_PATHS) });
    },
  };
}

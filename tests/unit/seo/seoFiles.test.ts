// @vitest-environment node
/** robots.txt and sitemap.xml as the build writes them. */
import { describe, expect, it } from 'vitest';
import { checkedSiteUrl, robotsTxt, sitemapXml } from '../../../seo-files';
import { DEFAULT_SITE_URL, PUBLIC_PATHS } from '../../../src/app/seo/site';

const SITE = 'https://www.example.com';

describe('robotsTxt', () => {
  it('lets every crawler in, keeps the signed-in app out, and names the sitemap by its absolute URL', () => {
    const lines = robotsTxt(SITE).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/dashboard', '/recent-history', '/__machines']) expect(lines).toContain(`Disallow: ${path}`);
    for (const path of PUBLIC_PATHS) expect(lines).not.toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('sitemapXml', () => {
  it('lists each path once, as an absolute URL in the sitemap namespace', () => {
    const xml = sitemapXml(SITE, PUBLIC_PATHS);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<url><loc>([^<]*)<\/loc><\/url>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      `${SITE}/`,
      `${SITE}/get-started`,
      `${SITE}/playground/flux`,
      `${SITE}/join-discord`,
      `${SITE}/terms`,
      `${SITE}/privacy`,
      `${SITE}/refunds`,
      `${SITE}/contact`,
    ]);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('escapes what XML would read as markup', () => {
    expect(sitemapXml(SITE, ['/a?b=1&c=<2>'])).toContain(`<loc>${SITE}/a?b=1&#38;c=&#60;2&#62;</loc>`);
  });
});

describe('checkedSiteUrl', () => {
  it('takes an origin, without its trailing slash, and the dev server’s when unset', () => {
    expect(checkedSiteUrl('https://www.example.com/')).toBe('https://www.example.com');
    expect(checkedSiteUrl(' http://localhost:8080 ')).toBe('http://localhost:8080');
    expect(checkedSiteUrl(undefined)).toBe(DEFAULT_SITE_URL);
    expect(checkedSiteUrl('  ')).toBe('http://localhost:5173');
  });

  it.each(['www.example.com', 'ftp://example.com', 'https://example.com/app', 'https://example.com/?x=1', 'https://Example.com'])(
    'refuses %s',
    (value) => {
      expect(() => checkedSiteUrl(value)).toThrow(/VITE_SITE_URL/);
    },
  );
});

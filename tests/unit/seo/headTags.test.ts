/**
 * The head of each page as the prerendered HTML carries it: translated, escaped, with absolute URLs, the 404 kept
 * out of search results, and a title and description of its own for every public page.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { HOME, PAGES, headFor } from '../../../src/app/seo/pages';
import { renderHeadTags } from '../../../src/app/seo/headTags';
import { PUBLIC_PATHS } from '../../../src/app/seo/site';

const SITE = 'https://www.example.com';

function english() {
  return setupI18n({ locale: 'en', messages: { en: {} } });
}

/** The tags parsed back as a browser reads them, so escaping is checked by its effect. */
function parse(html: string) {
  const head = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html').head;
  const meta = (attribute: string, key: string) => head.querySelector(`meta[${attribute}="${key}"]`)?.getAttribute('content') ?? null;
  return {
    head,
    title: head.querySelector('title')?.textContent ?? null,
    description: meta('name', 'description'),
    canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: meta('name', 'robots'),
    og: (key: string) => meta('property', `og:${key}`),
    twitter: (key: string) => meta('name', `twitter:${key}`),
  };
}

describe('renderHeadTags', () => {
  it('gives a public page its title, description, canonical link and cards, with absolute URLs', () => {
    const head = parse(renderHeadTags({ path: '/get-started', i18n: english(), siteUrl: `${SITE}/` }));
    expect(head.title).toBe('Quick start: first image in five steps — Nano Banana API');
    expect(head.description).toBe(
      'Your first AI image in five steps: sign in, get an API key, create a generation task with one HTTP call, then poll the task until the images are ready.',
    );
    expect(head.canonical).toBe(`${SITE}/get-started`);
    expect(head.robots).toBeNull();
    expect(head.og('type')).toBe('website');
    expect(head.og('site_name')).toBe('Nano Banana API');
    expect(head.og('title')).toBe(head.title);
    expect(head.og('description')).toBe(head.description);
    expect(head.og('url')).toBe(`${SITE}/get-started`);
    expect(head.og('image')).toBe(`${SITE}/og-image.png`);
    expect(head.og('image:width')).toBe('1200');
    expect(head.og('image:height')).toBe('630');
    expect(head.og('image:alt')).toMatch(/Nano Banana API logo/);
    expect(head.og('locale')).toBe('en_US');
    expect(head.twitter('card')).toBe('summary_large_image');
    expect(head.twitter('title')).toBe(head.title);
    expect(head.twitter('description')).toBe(head.description);
    expect(head.twitter('image')).toBe(`${SITE}/og-image.png`);
  });

  it('names the page by its canonical spelling: the landing page with its slash, others without a trailing one', () => {
    expect(parse(renderHeadTags({ path: '/', i18n: english(), siteUrl: SITE })).canonical).toBe(`${SITE}/`);
    expect(parse(renderHeadTags({ path: '/Join-Discord/', i18n: english(), siteUrl: SITE })).canonical).toBe(`${SITE}/join-discord`);
  });

  it('keeps the 404 page out of search results, with no canonical link or URL of its own', () => {
    const html = renderHeadTags({ path: '/no-such-page', i18n: english(), siteUrl: SITE });
    const head = parse(html);
    expect(head.title).toBe('Page not found — Nano Banana API');
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeNull();
    expect(head.og('url')).toBeNull();
    expect(head.og('image')).toBe(`${SITE}/og-image.png`);
    expect(html).not.toContain('no-such-page');
  });

  it('escapes every text it writes into HTML', () => {
    const hostile = `</title><script>alert("x")</script> & 'quotes'`;
    const messages: Messages = { [HOME.title.id]: hostile, [HOME.description.id]: `"><img src=x onerror=alert(1)>` };
    const i18n = setupI18n({ locale: 'en', messages: { en: messages } });
    const html = renderHeadTags({ path: '/', i18n, siteUrl: 'https://example.com/"a&b' });
    expect(html).not.toMatch(/<script|<img|"><|<\/title><s/);
    const head = parse(html);
    // What a browser reads back is the text itself, in one <title> and intact attributes.
    expect(head.head.querySelectorAll('title')).toHaveLength(1);
    expect(head.head.querySelectorAll('script, img')).toHaveLength(0);
    expect(head.title).toBe(hostile);
    expect(head.og('title')).toBe(hostile);
    expect(head.description).toBe(`"><img src=x onerror=alert(1)>`);
    expect(head.canonical).toBe('https://example.com/"a&b/');
  });

  it('writes the head in the active language', () => {
    const german: Messages = { [HOME.title.id]: 'Nano Banana API — Bildgenerierungs-API für Entwickler' };
    const i18n = setupI18n({ locale: 'de', messages: { de: german } });
    const head = parse(renderHeadTags({ path: '/', i18n, siteUrl: SITE }));
    expect(head.title).toBe('Nano Banana API — Bildgenerierungs-API für Entwickler');
    expect(head.og('locale')).toBe('de_DE');
    expect(parse(renderHeadTags({ path: '/', i18n: setupI18n({ locale: 'zh-CN', messages: { 'zh-CN': {} } }), siteUrl: SITE })).og('locale')).toBe(
      'zh_CN',
    );
  });

  it('gives every public page and the 404 a distinct title (≤ 60 characters) and description (120–160)', () => {
    const i18n = english();
    const heads = [...PUBLIC_PATHS, '/404'].map((path) => parse(renderHeadTags({ path, i18n, siteUrl: SITE })));
    const titles = heads.map((head) => head.title ?? '');
    const descriptions = heads.map((head) => head.description ?? '');
    expect(new Set(titles).size).toBe(heads.length);
    expect(new Set(descriptions).size).toBe(heads.length);
    for (const title of titles) expect(title.length, title).toBeLessThanOrEqual(60);
    for (const description of descriptions) {
      expect(description.length, description).toBeGreaterThanOrEqual(120);
      expect(description.length, description).toBeLessThanOrEqual(160);
    }
  });

  it('describes a page without a description of its own as the landing page does, under its own title', () => {
    const head = parse(renderHeadTags({ path: '/dashboard/billing', i18n: english(), siteUrl: SITE }));
    expect(headFor('/dashboard/billing').description).toBeUndefined();
    expect(head.title).toBe('Billing — Nano Banana API');
    expect(head.description).toBe(parse(renderHeadTags({ path: '/', i18n: english(), siteUrl: SITE })).description);
    expect(Object.keys(PAGES)).toContain('/dashboard/billing');
  });
});

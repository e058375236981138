import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { siteUrlFrom } from '../../src/app/seo/site';

// The origin the build under test was made with (VITE_SITE_URL, unset in `npm test`).
const SITE = siteUrlFrom(process.env.VITE_SITE_URL);

/** Checks what a search engine or a link preview reads from <head> now. */
async function expectHead(page: Page, head: { title: string; description: RegExp; path: string; locale?: string }) {
  await expect(page).toHaveTitle(head.title);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', head.description);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', SITE + head.path);
  await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', SITE + head.path);
  await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', head.title);
  await expect(page.locator('head meta[property="og:description"]')).toHaveAttribute('content', head.description);
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute('content', `${SITE}/og-image.png`);
  await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute('content', head.locale ?? 'en_US');
  await expect(page.locator('head meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('head meta[name="twitter:title"]')).toHaveAttribute('content', head.title);
  await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
  // One of each, however many pages were visited.
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
}

test('each page has its own title, description and canonical link, following navigation and language', async ({ page, openApp }) => {
  await openApp(page);
  await expectHead(page, {
    title: 'Nano Banana API — image generation API for developers',
    description: /^Generate and edit images with Nano Banana/,
    path: '/',
  });

  await page.getByRole('link', { name: 'Read the quick start' }).first().click();
  await expectHead(page, {
    title: 'Quick start: first image in five steps — Nano Banana API',
    description: /^Your first AI image in five steps/,
    path: '/get-started',
  });

  const nav = page.getByRole('banner');
  await nav.getByRole('link', { name: 'Playground' }).click();
  await expectHead(page, {
    path: '/playground/flux',
    title: 'Image playground: try Nano Banana models — Nano Banana API',
    description: /^Try Nano Banana, Nano Banana 2 and Nano Banana Pro in your browser/,
  });

  await nav.getByRole('link', { name: 'Community' }).click();
  await expectHead(page, {
    path: '/join-discord',
    title: 'Join the Discord community — Nano Banana API',
    description: /^Join the Nano Banana API community on Discord/,
  });
  // The community page is read uninterrupted: its panel asks an anonymous visitor to sign in.
  await expect(page.getByText('Sign in to connect your Discord account.')).toBeVisible();

  // A language switch translates the head of the page shown, and of the next ones.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectHead(page, {
    path: '/join-discord',
    locale: 'de_DE',
    title: 'Der Discord-Community beitreten — Nano Banana API',
    description: /^Treten Sie der Community von Nano Banana API auf Discord bei:/,
  });
  await nav.getByRole('link', { name: 'Playground' }).click();
  await expectHead(page, {
    path: '/playground/flux',
    locale: 'de_DE',
    title: 'Bild-Playground: Nano-Banana-Modelle testen — Nano Banana API',
    description: /^Testen Sie Nano Banana, Nano Banana 2 und Nano Banana Pro im Browser/,
  });
  await nav.getByRole('link', { name: /^Nano Banana API/ }).click();
  await expectHead(page, {
    path: '/',
    locale: 'de_DE',
    title: 'Nano Banana API — Bildgenerierungs-API für Entwickler',
    description: /^Erstellen und bearbeiten Sie Bilder mit Nano Banana/,
  });
});

test('the 404 page is kept out of search results, and the next page is not', async ({ page, openApp }) => {
  await openApp(page, '/no-such-page');
  await expect(page).toHaveTitle('Page not found — Nano Banana API');
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('head meta[property="og:url"]')).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expectHead(page, { title: 'Nano Banana API — image generation API for developers', description: /^Generate and edit images/, path: '/' });
});

test('robots.txt and sitemap.xml list the public pages by absolute URL', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const rules = (await robots.text()).split('\n');
  expect(rules).toEqual(
    expect.arrayContaining([
      'User-agent: *',
      'Disallow: /dashboard',
      'Disallow: /recent-history',
      'Disallow: /__machines',
      `Sitemap: ${SITE}/sitemap.xml`,
    ]),
  );

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
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
});

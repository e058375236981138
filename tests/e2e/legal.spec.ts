import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { test, expect, openApp } from './fixtures';
import { loginDialog, openWithNewAccount } from './journeys';

/** The legal pages, each with the footer link that opens it, its heading and its title. */
const LEGAL_PAGES = [
  { path: '/terms', link: 'Terms', heading: 'Terms of service', title: 'Terms of service — Nano Banana API' },
  { path: '/privacy', link: 'Privacy', heading: 'Privacy policy', title: 'Privacy policy — Nano Banana API' },
  { path: '/refunds', link: 'Refunds', heading: 'Refund policy', title: 'Refund policy — Nano Banana API' },
  { path: '/contact', link: 'Contact', heading: 'Contact us', title: 'Contact us — Nano Banana API' },
] as const;

/** Every page a signed-out visitor can open, each with what shows once it is on screen. */
const SIGNED_OUT_ROUTES = [
  ['/', 'Image generation for your product, one API call away'],
  ['/get-started', 'Your first image in five steps'],
  ['/playground/flux', 'Playground'],
  ['/join-discord', 'Join the Nano Banana API community on Discord'],
  ['/docs', 'API reference'],
  ['/recent-history', 'History'],
  ['/dashboard', 'Overview'],
  ['/no-such-page', 'Page not found'],
  ...LEGAL_PAGES.map(({ path, heading }) => [path, heading] as const),
] as const;

/** The signed-in app's pages, with their headings. */
const SIGNED_IN_ROUTES = [
  ['/dashboard', 'Overview'],
  ['/dashboard/api-keys', 'API keys'],
  ['/dashboard/billing', 'Billing'],
  ['/dashboard/settings', 'Settings'],
  ['/recent-history', 'History'],
  ['/playground/flux', 'Playground'],
] as const;

function footer(page: Page): Locator {
  return page.getByRole('contentinfo');
}

async function expectFooterLinks(page: Page, where: string) {
  const legal = footer(page).getByRole('navigation', { name: 'Legal' });
  for (const { path, link } of LEGAL_PAGES) {
    await expect(legal.getByRole('link', { name: link, exact: true }), `${where}: ${link}`).toHaveAttribute('href', path);
  }
  const product = footer(page).getByRole('navigation', { name: 'Product' });
  await expect(product.getByRole('link', { name: 'API reference' }), where).toHaveAttribute('href', '/docs');
  await expect(footer(page).getByText('© Nano Banana API'), where).toBeVisible();
}

// Signed out and signed in are two tests, so that the two workers walk them side by side.
test('the footer is on every page, signed out', async ({ page }) => {
  test.setTimeout(90_000);
  // The first page is opened by the app's start, each of the others by a load of its own.
  await openApp(page, SIGNED_OUT_ROUTES[0][0]);
  for (const [index, [path, heading]] of SIGNED_OUT_ROUTES.entries()) {
    if (index > 0) await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({ timeout: 15_000 });
    await expectFooterLinks(page, `${path}, signed out`);
  }
});

test('the footer is on every page, signed in', async ({ page }) => {
  test.setTimeout(90_000);
  await openWithNewAccount(page, '', SIGNED_IN_ROUTES[0][0]);
  for (const [index, [path, heading]] of SIGNED_IN_ROUTES.entries()) {
    if (index > 0) await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({ timeout: 15_000 });
    await expectFooterLinks(page, `${path}, signed in`);
  }
});

test('each footer link opens its page, with its heading, title and text', async ({ page }) => {
  await openApp(page, '/get-started');
  for (const { path, link, heading, title } of LEGAL_PAGES) {
    await footer(page).getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('main').getByText(/^Template: replace before you/)).toBeVisible();
  }
  // A link inside the operator's text stays in the app.
  await footer(page).getByRole('link', { name: 'Terms', exact: true }).click();
  await page.getByRole('main').getByRole('link', { name: 'refund policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible();
});

test('the footer is reached with the keyboard, and Enter opens the page', async ({ page }) => {
  await openApp(page, '/join-discord');
  const terms = footer(page).getByRole('link', { name: 'Terms', exact: true });
  // Tab through the page until the footer's link has focus: it is in the tab order, after the page.
  let reached = false;
  for (let press = 0; press < 80 && !reached; press += 1) {
    await page.keyboard.press('Tab');
    reached = await terms.evaluate((element) => element === document.activeElement);
  }
  expect(reached, 'the footer’s Terms link takes focus from the keyboard').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
});

test('the legal pages are prerendered with the operator’s text and the footer', async ({ request }) => {
  for (const { path, heading } of LEGAL_PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(html, path).toMatch(/<div[^>]*lang="en"[^>]*><blockquote><p><strong>Template: replace before you/);
    for (const { path: linked } of LEGAL_PAGES) expect(html, `${path} links ${linked}`).toContain(`href="${linked}"`);
  }
  const terms = await (await request.get('/terms')).text();
  expect(terms).toContain('<h2>Governing law</h2>');
  expect(terms).toContain('[country or state]');
  const refunds = await (await request.get('/refunds')).text();
  expect(refunds).toContain('[refund window, e.g. 14 days]');
});

test('an address under a legal page is still a 404', async ({ page }) => {
  await openApp(page, '/terms/extra');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectFooterLinks(page, '404');
});

test('in another language the page is translated around the operator’s text, which says what language it is in', async ({ page }) => {
  await openApp(page, '/privacy');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
  await expect(page).toHaveTitle('Datenschutzerklärung — Nano Banana API');
  await expect(page.getByText('Dieser Text ist nur auf Englisch verfügbar.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What we collect' })).toBeVisible();
  await expect(footer(page).getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Erstattungen' })).toHaveAttribute(
    'href',
    '/refunds',
  );
});

test('on a 360 px screen the footer wraps and stays inside it, in German too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openApp(page, '/contact');
  // On a phone the language is chosen in the header's menu (its button's name is translated too).
  const menuButton = page.getByRole('banner').locator('button[aria-controls="site-menu"]');
  for (const language of ['en', 'de']) {
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('banner').getByRole('combobox').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    const box = footer(page);
    expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const link of await box.getByRole('link').all()) {
      const bounds = await link.boundingBox();
      expect(bounds, language).not.toBeNull();
      expect((bounds?.x ?? -1) >= 0 && (bounds?.x ?? 0) + (bounds?.width ?? 0) <= 360, `${language}: ${await link.textContent()}`).toBe(true);
    }
    // The operator's text wraps too.
    expect(await page.getByRole('main').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
});

test('the sign-up form links the terms and the privacy policy, each opening in a new tab', async ({ page, context }) => {
  await openApp(page);
  await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
  const dialog = loginDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(dialog.getByText(/^By creating an account you agree to the Terms of service/)).toBeVisible();
  const terms = dialog.getByRole('link', { name: 'Terms of service (opens in a new tab)' });
  const privacy = dialog.getByRole('link', { name: 'Privacy policy (opens in a new tab)' });
  await expect(terms).toHaveAttribute('href', '/terms');
  await expect(privacy).toHaveAttribute('href', '/privacy');

  // By keyboard: from the Create account button, the next stop is the terms.
  await dialog.getByRole('button', { name: 'Create account' }).focus();
  await page.keyboard.press('Tab');
  await expect(terms).toBeFocused();
  const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect(tab.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible({ timeout: 15_000 });
  await tab.close();
  // The form is still open where the visitor left it.
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  const [privacyTab] = await Promise.all([context.waitForEvent('page'), privacy.click()]);
  await expect(privacyTab.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible({ timeout: 15_000 });
});

test('checkout links the terms and the refund policy beside the pay button', async ({ page, context }) => {
  await openWithNewAccount(page, '', '/dashboard/billing');
  const buy = page.getByRole('region', { name: 'Buy credits' });
  const pay = buy.getByRole('button', { name: /^Pay \$[\d,.]+ with / }).first();
  await expect(pay).toBeVisible({ timeout: 15_000 });
  const terms = buy.getByRole('link', { name: 'Terms of service (opens in a new tab)' });
  const refunds = buy.getByRole('link', { name: 'Refund policy (opens in a new tab)' });
  await expect(terms).toHaveAttribute('href', '/terms');
  await expect(refunds).toHaveAttribute('href', '/refunds');
  await refunds.focus();
  const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect(tab.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible({ timeout: 15_000 });
  // The billing page is as it was: the pay button is still there to press.
  await expect(pay).toBeVisible();
});

test.describe('axe, light and dark themes', () => {
  test.use({ colorScheme: 'light', reducedMotion: 'reduce' });

  test('the legal pages and the footer', async ({ page }) => {
    // The pages share one layout: the terms (with the template notice and links) and the contact page (an address).
    await openApp(page, '/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    await expectNoAxeViolations(page, 'terms of service');
    await openApp(page, '/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expectNoAxeViolations(page, 'contact');
  });
});

import type { Locator, Page } from '@playwright/test';
import { LAYOUT_SAMPLE } from '../../src/demo/layoutSample';
import { expect, openApp, openDemoControls, readMailboxCode, test } from './fixtures';
import { PASSWORD } from './journeys';

/**
 * A phone walk: every route at 360 × 740 (touch), signed out and signed in with data that stresses a layout (a long
 * e-mail and name, a key with a long name, a saved PayPal account, 90 days of usage), in several languages. A page
 * fails if it scrolls sideways (naming what is wider than the screen), if a control lies under a fixed or sticky
 * element once scrolled into view, or if the header's menu does not reach its items.
 */

/** Each page of the app, once. A new page is one more line here. */
interface WalkRoute {
  path: string;
  /** Signed out, the page asks to sign in (the sign-in modal opens over it). */
  needsAccount?: boolean;
  /** What shows once the page has the signed-in account's data (the generic wait is for nothing busy). */
  loaded?: (page: Page, email: string) => Locator;
}

export const WALK_ROUTES: readonly WalkRoute[] = [
  { path: '/' },
  { path: '/get-started' },
  { path: '/playground/flux' },
  { path: '/recent-history', needsAccount: true },
  { path: '/recent-history?view=gallery', needsAccount: true },
  { path: '/dashboard', needsAccount: true },
  { path: '/dashboard?welcome', needsAccount: true },
  { path: '/dashboard/api-keys', needsAccount: true, loaded: (page) => page.getByText(LAYOUT_SAMPLE.keyName).first() },
  { path: '/dashboard/billing', needsAccount: true, loaded: (page, email) => page.getByText(`PayPal · ${email}`).first() },
  { path: '/dashboard/settings', needsAccount: true },
  { path: '/docs' },
  { path: '/join-discord' },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/refunds' },
  { path: '/contact' },
  { path: '/no-such-page' },
];

// CI walks three languages (a short one, a long one, another script); WALK_LOCALES=zh-CN,es,fr walks others.
const LOCALES = (process.env.WALK_LOCALES ?? 'en,de,ru').split(',');

const WIDTH = 360;
const HEIGHT = 740;
/** The one-row header: its bar, whatever the language. */
const MAX_HEADER_HEIGHT = 64;

test.use({ viewport: { width: WIDTH, height: HEIGHT }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** What is wider than the screen: the page's own scroll width, then the outermost elements past either edge. */
async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth} px wide on a ${width} px screen`);
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `<${element.tagName.toLowerCase()}${classes}> "${text}"`;
    };
    // An element inside a box that scrolls or clips sideways is the box's business, as long as the box fits.
    const clippedByAncestor = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const reported: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 0.5 && box.left >= -0.5) continue;
      if (getComputedStyle(element).visibility === 'hidden' || clippedByAncestor(element)) continue;
      if (reported.some((outer) => outer.contains(element))) continue;
      reported.push(element);
      problems.push(`${describe(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    return problems;
  });
}

/**
 * Every control on the page, scrolled to the middle of the screen (below the sticky header), must be what a tap at
 * its centre reaches, not a fixed or sticky element lying over it. Controls inside such elements are theirs.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pinned = (element: Element | null): Element | null => {
      for (let node = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return node;
      }
      return null;
    };
    const describe = (element: Element) => {
      const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `<${element.tagName.toLowerCase()}${classes}> "${name}"`;
    };
    // Under an open modal the page is inert: only the modal's own controls can be reached, and must be.
    const scope = document.querySelector('dialog:modal') ?? document;
    const controls = scope.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [role="button"], [tabindex="0"]');
    const problems: string[] = [];
    for (const control of controls) {
      if (pinned(control) || control.closest('[inert]')) continue;
      if (control.getClientRects().length === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = control.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || control.contains(hit) || hit.contains(control)) continue;
      if (control instanceof HTMLInputElement && [...(control.labels ?? [])].some((label) => label.contains(hit))) continue;
      const cover = pinned(hit);
      if (cover && !cover.contains(control)) problems.push(`${describe(control)} lies under ${describe(cover)}`);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return problems;
  });
}

/**
 * Controls whose one-word label is broken across lines ("Zurüc" / "k"): a word of a button or link (a text node
 * with no space in it) that lays out as more than one line box. The page scrolls nothing sideways, yet the label is
 * unreadable: the control is squeezed below the width of its own word.
 */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('button, a[href], [role="button"]')) {
      if (control.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const word = (node.textContent ?? '').trim();
        if (word.length < 2 || /\s/.test(word)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(`"${word}" in <${control.tagName.toLowerCase()}> on ${lines.size} lines`);
      }
    }
    return broken;
  });
}

/** The header: one row, and a menu that opens, reaches each of its items and closes on Escape back to its button. */
async function checkHeaderMenu(page: Page, signedIn: boolean): Promise<void> {
  const banner = page.getByRole('banner');
  const bar = await banner.boundingBox();
  expect(bar?.height, 'the header is one row').toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
  const button = banner.locator('button[aria-controls="site-menu"]');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.tap();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator('#site-menu');
  await expect(menu).toBeVisible();
  // Each item (page links, language, the three themes, the balance when signed in) whole on screen, and what a tap
  // at its centre reaches (a theme's label takes taps for its hidden radio).
  // Checked until it holds: a menu opened while the page is still being taken over by the app settles a moment later.
  await expect(async () => {
    const items = await menu.evaluate((panel) => {
      const width = document.documentElement.clientWidth;
      const height = window.innerHeight;
      return Array.from(panel.querySelectorAll<HTMLElement>('a[href], select, input'), (item) => {
        const target = item instanceof HTMLInputElement ? (item.closest('label') ?? item) : item;
        const box = target.getBoundingClientRect();
        const onScreen = box.width > 0 && box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const reached = hit !== null && (target.contains(hit) || hit.contains(target));
        return { item: `${item.tagName.toLowerCase()} "${item.getAttribute('aria-label') ?? item.textContent?.trim()}"`, onScreen, reached };
      });
    });
    expect(items.length, 'five page links, the language, three themes (and the balance)').toBe(signedIn ? 10 : 9);
    expect(items.filter((item) => !item.onScreen || !item.reached)).toEqual([]);
  }).toPass({ timeout: 10_000 });
  // Escape from inside the menu closes it and puts focus back on its button.
  await menu.getByRole('link').first().focus();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
}

/**
 * Shows a route: the first of a walk with a full load (the language is read at the start), and a page that asks a
 * signed-out visitor to sign in with one too (it asks as it loads); each other page as the app moves between its
 * pages (the address changes in place, as a link does), which lays out the same page for a fraction of a start.
 * A full load of each page is prerender.spec.ts's subject.
 */
async function showRoute(page: Page, path: string, fullLoad: boolean): Promise<void> {
  if (fullLoad) {
    await openApp(page, path);
    return;
  }
  await page.evaluate((next) => history.pushState(null, '', next), path);
  await expect(page).toHaveURL(new URL(path, page.url()).href);
}

async function walk(page: Page, locale: string, signedIn: boolean, email = ''): Promise<void> {
  for (const [index, route] of WALK_ROUTES.entries()) {
    await test.step(`${locale}, ${signedIn ? 'signed in' : 'signed out'}: ${route.path}`, async () => {
      await showRoute(page, route.path, index === 0 || (!signedIn && route.needsAccount === true));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (signedIn) {
        await expect(page.getByRole('banner').locator('[data-account-tools] [popovertarget="account-menu"]')).toBeVisible();
        if (route.loaded) await expect(route.loaded(page, email)).toBeVisible();
      } else if (route.needsAccount) {
        // The sign-in modal must fit and be usable too; closed, the page behind it is walked.
        const modal = page.locator('dialog:modal');
        await expect(modal).toBeVisible();
        expect(await overflowProblems(page), `${route.path} with the sign-in modal fits ${WIDTH} px`).toEqual([]);
        expect(await coveredControls(page), `${route.path}: nothing covers the sign-in modal's controls`).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(modal).toBeHidden();
      }
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      expect(await overflowProblems(page), `${route.path} fits ${WIDTH} px`).toEqual([]);
      expect(await coveredControls(page), `${route.path}: nothing covers a control`).toEqual([]);
      expect(await brokenWords(page), `${route.path}: no control's word is broken across lines`).toEqual([]);
      await checkHeaderMenu(page, signedIn);
    });
  }
}

/** Signs up through the landing page's call to action (the header's "Get API key" is the menu's on a phone). */
async function signUpOnPhone(page: Page, email: string): Promise<void> {
  await openApp(page, '/');
  await page.getByRole('main').getByRole('button', { name: 'Get your free API key' }).tap();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).tap();
  await dialog.getByLabel('Verification code').fill(await readMailboxCode(page));
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).tap();
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
}

async function setLocale(page: Page, locale: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('locale', value), locale);
}

for (const locale of LOCALES) {
  test(`every page fits a 360 px phone in ${locale}, signed out and signed in`, async ({ page }) => {
    test.setTimeout(240_000);
    await openApp(page, '/');
    await setLocale(page, locale);
    await walk(page, locale, false);

    // The account is made in English (the test reads the English labels), then walked in the language.
    await setLocale(page, 'en');
    const email = `maximiliane.alexandra.hohenzollern.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@enterprise-holdings.example.com`;
    await signUpOnPhone(page, email);
    const controls = await openDemoControls(page);
    await controls.getByRole('button', { name: 'Fill 90 days of sample usage' }).click();
    await expect(controls.getByText(/Added \d+ usage records/)).toBeVisible();
    await controls.getByRole('button', { name: 'Add long names and a PayPal purchase' }).click();
    await expect(controls.getByText(/long names and a paid PayPal order/)).toBeVisible();
    await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
    await setLocale(page, locale);
    await walk(page, locale, true, email);
  });
}

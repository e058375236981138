import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pattern, type EngineDriver, type Target } from './driver';
import { EnginePage } from './engine-page';
import { holdAppStart } from './held-start';
import { BASE_URL, RESULTS_DIR } from './settings';

/**
 * The smoke set every engine runs: the core journeys of the Chromium tests (tests/e2e), written once against the
 * engine-neutral page of engine-page.ts. They run in order in one browser session with one account (a sign-up is the
 * first journey), as a visitor would: the set stays short, and each journey still asserts what the user sees.
 */

const PASSWORD = 'correct-horse-9';
const PROMPT = 'A lighthouse made of glass on a cliff at sunrise';
// A demo task runs 2 s + 0.5 s an image + up to 1 s, and is read at 2 s, 5 s, 9.5 s ... (as tests/e2e/playground.spec.ts).
const GENERATION_TIMEOUT = 25_000;
// The package bought: 5,000 credits + 250 bonus.
const PACKAGE_CREDITS = 5_250;
const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 360, height: 740 };

const banner: Target = { role: 'banner' };
const dialog: Target = { role: 'dialog' };
const balance: Target = { role: 'link', name: pattern(/^[\d,]+ credits?$/), within: banner };

function uniqueEmail(): string {
  return `engines.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

function credits(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Runs the smoke set in one engine; `launch` starts its browser (firefox.ts, webkit.ts). */
export function describeEngine(engine: string, launch: () => Promise<EngineDriver>): void {
  describe(engine, () => {
    const screenshots = path.join(RESULTS_DIR, slug(engine));
    const email = uniqueEmail();
    let driver: EngineDriver | null = null;
    let page: EnginePage | null = null;

    beforeAll(async () => {
      rmSync(screenshots, { recursive: true, force: true });
      driver = await launch();
      console.log(`${engine}: ${driver.name}`);
      await driver.setViewport(DESKTOP.width, DESKTOP.height);
      page = new EnginePage(driver, BASE_URL);
    });

    afterAll(async () => {
      await driver?.close();
    });

    /** One journey: a failure is reported under the engine and journey names, with a screenshot of the page. */
    function journey(name: string, steps: (page: EnginePage) => Promise<void>): void {
      it(name, async () => {
        if (!page || !driver) throw new Error(`${engine} did not start`);
        try {
          await steps(page);
        } catch (error) {
          mkdirSync(screenshots, { recursive: true });
          const file = path.join(screenshots, `${slug(name)}.png`);
          await driver.screenshot(file).catch(() => undefined);
          if (error instanceof Error) error.message = `${engine}, "${name}": ${error.message} (screenshot: ${file})`;
          throw error;
        }
      });
    }

    journey('"Sign in" tapped before the app has started opens the dialog; what was typed is the app\'s', async (page) => {
      const held = await holdAppStart(BASE_URL);
      try {
        const early = new EnginePage(page.driver, held.origin);
        await page.driver.goto(`${held.origin}/`);
        await early.expectVisible(banner);
        await early.click({ role: 'button', name: 'Sign in', within: banner });
        await early.expectVisible({ role: 'heading', name: 'Sign in', within: dialog });
        expect(await early.run(() => document.documentElement.getAttribute('data-boot')), 'the app has not started').toBe('hydrate');
        await early.fill({ role: 'textbox', name: 'E-mail', within: dialog }, 'early.reader@example.com');
        held.release();
        await early.expectAttribute('html', 'data-boot', 'ready');
        // The app's own dialog, in the page, has what was typed; the copy has closed.
        await early.waitUntil(
          "the app's dialog with the address typed before it came",
          () => {
            const field = document.querySelector<HTMLInputElement>('#root dialog[open] input[type="email"]');
            return field?.value === 'early.reader@example.com' && document.querySelectorAll('dialog[open]').length === 1;
          },
          [],
        );
        await page.driver.press('Escape');
        await early.waitUntil('no dialog open', () => document.querySelectorAll('dialog[open]').length === 0, []);
      } finally {
        await held.close();
      }
    });

    journey('signs up with e-mail and lands on the welcome', async (page) => {
      await page.open('/');
      // Motion is off, as in the Chromium tests: spinners and fades stand still, and nothing is checked mid-fade.
      expect(await page.run(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
      await page.click({ role: 'button', name: 'Get API key', within: banner });
      await page.expectVisible({ role: 'heading', name: 'Create your account', within: dialog });
      await page.fill({ role: 'textbox', name: 'E-mail', within: dialog }, email);
      await page.click({ role: 'button', name: 'Send code', within: dialog });
      // The demo shows the e-mailed code in a toast.
      const toast = await page.text({ text: pattern(/Demo mailbox: your code is \d{6}/) });
      const code = /\d{6}/.exec(toast)?.[0] ?? '';
      await page.fill({ role: 'textbox', name: pattern(/^Verification code/), within: dialog }, code);
      await page.fill({ role: 'textbox', name: 'Password', within: dialog }, PASSWORD);
      await page.click({ role: 'button', name: 'Create account', within: dialog });
      await page.expectPath(/^\/dashboard\?welcome$/);
      await page.expectVisible({ role: 'heading', name: 'Welcome aboard: your API key is ready' });
      await page.expectVisible({ role: 'button', name: `Account menu for ${email}`, within: banner });
      expect(credits(await page.text(balance))).toBe(100);
    });

    journey('draws Latin text in a Latin face, not the CJK one', async (page) => {
      // WebKitGTK does not resolve `system-ui`: with it first in the stack, WebKit fell through to the first installed
      // family of the list, Noto Sans CJK, and drew English in it. A face is told apart by the width of a sample.
      const widths = await page.run(() => {
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return null;
        const sample = 'Image generation for your product, one API call away';
        const width = (family: string) => {
          context.font = `15px ${family}`;
          return Math.round(context.measureText(sample).width * 10) / 10;
        };
        return { body: width(getComputedStyle(document.body).fontFamily), cjk: width('"Noto Sans CJK SC"'), monospace: width('monospace') };
      });
      expect(widths, 'a 2D canvas to measure with').not.toBeNull();
      // The CJK face is installed (fonts-noto-cjk), else the comparison below would prove nothing.
      expect(widths?.cjk).not.toBe(widths?.monospace);
      expect(widths?.body, 'the width of the sample in the body font, against that in Noto Sans CJK SC').not.toBe(widths?.cjk);
    });

    journey('generates in the playground and sees the image', async (page) => {
      await page.click({ role: 'link', name: 'Playground', within: banner });
      const form: Target = { role: 'form', name: 'Generation settings' };
      await page.fill({ role: 'textbox', name: pattern(/^Prompt/), within: form }, PROMPT);
      await page.click({ role: 'button', name: 'Generate', within: form });
      const results: Target = { role: 'region', name: '1 image ready' };
      await page.expectVisible(results, GENERATION_TIMEOUT);
      const widths = await page.waitUntil(
        'the result image to load',
        (q, region) => {
          const images = [...(q.find(region)?.querySelectorAll('img') ?? [])];
          return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0)
            ? images.map((image) => image.naturalWidth)
            : null;
        },
        [results],
      );
      expect(widths).toHaveLength(1);
      // Charged on success: 2 credits for one image.
      expect(credits(await page.text(balance))).toBe(98);
    });

    journey('the history lists that task', async (page) => {
      await page.click({ role: 'link', name: 'History', within: banner });
      const row: Target = { role: 'row', name: pattern(new RegExp(PROMPT)) };
      await page.expectVisible({ text: 'Succeeded', within: row });
      const rows = await page.run((q, wanted) => q.findAll(wanted).length, row);
      expect(rows).toBe(1);
    });

    journey('a reload keeps the session and the page', async (page) => {
      const before = await page.run(() => ({ path: location.pathname, heading: document.querySelector('h1')?.textContent ?? '' }));
      await page.reload();
      await page.expectVisible({ role: 'button', name: `Account menu for ${email}`, within: banner });
      await page.expectVisible({ role: 'heading', name: before.heading });
      expect(await page.run(() => location.pathname)).toBe(before.path);
      await page.expectVisible({ text: 'Succeeded', within: { role: 'row', name: pattern(new RegExp(PROMPT)) } });
    });

    journey('switches to German and to the dark theme', async (page) => {
      await page.select({ role: 'combobox', name: 'Language', within: banner }, 'de');
      await page.expectAttribute('html', 'lang', 'de');
      await page.expectVisible({ role: 'link', name: 'Verlauf', within: banner });
      await page.expectVisible({ role: 'combobox', name: 'Sprache', within: banner });

      await page.click({ role: 'radio', name: 'Dunkles Design', within: banner });
      await page.expectAttribute('html', 'data-theme', 'dark');
      // What the user sees: the page's background is dark (relative luminance well under that of mid grey).
      const background = await page.waitUntil(
        'a dark background on the page',
        () => {
          const colour = getComputedStyle(document.body).backgroundColor;
          const [r = 255, g = 255, b = 255] = (colour.match(/[\d.]+/g) ?? []).map(Number);
          const linear = (channel: number) => ((channel /= 255) <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
          return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) < 0.05 ? colour : null;
        },
        [],
      );
      expect(background).toMatch(/^rgb/);

      // Back to English and the light theme for the journeys after this one.
      await page.click({ role: 'radio', name: 'Helles Design', within: banner });
      await page.expectAttribute('html', 'data-theme', 'light');
      await page.select({ role: 'combobox', name: 'Sprache', within: banner }, 'en');
      await page.expectAttribute('html', 'lang', 'en');
      await page.expectVisible({ role: 'link', name: 'History', within: banner });
    });

    journey('buys credits with a card through the demo checkout', async (page) => {
      const before = credits(await page.text(balance));
      await page.open('/dashboard/billing');
      await page.expectVisible({ role: 'heading', name: 'Billing' });
      const buy: Target = { role: 'region', name: 'Buy credits' };
      await page.click({ role: 'radio', name: 'Creem', within: buy });
      await page.click({ role: 'radio', name: pattern(/^5,000 credits/), within: buy });
      await page.click({ role: 'button', name: pattern(/^Pay \$[\d,.]+ with Creem$/), within: buy });
      await page.expectVisible({ role: 'heading', name: pattern(/Creem/) });
      await page.expectVisible({ text: 'Demo checkout — no money moves' });
      await page.click({ role: 'button', name: 'Pay' });
      await page.expectPath(/^\/dashboard\/billing$/);
      await page.expectVisible({ text: `Paid. ${PACKAGE_CREDITS.toLocaleString('en')} credits were added to your balance.`, within: buy });
      await page.expectVisible({ ...balance, name: `${(before + PACKAGE_CREDITS).toLocaleString('en')} credits` });
    });

    journey('on a 360 px phone: no sideways scroll, and the menu opens with the page links', async (page) => {
      await page.driver.setViewport(PHONE.width, PHONE.height);
      for (const route of ['/', '/playground/flux', '/dashboard']) {
        await page.open(route);
        const overflow = await page.run(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
        expect(overflow.innerWidth, 'the viewport width').toBe(PHONE.width);
        expect(overflow.scrollWidth, `the page width of ${route}`).toBeLessThanOrEqual(overflow.innerWidth);
      }
      // The dashboard's loads are done before the tap, as in the Chromium tests (a tap while they ran was once lost in
      // WebKit: the app's start is another part's work, and this set checks the menu itself).
      await page.expectVisible({ role: 'heading', name: 'Overview' });
      await page.waitUntil('the dashboard to finish loading', () => document.querySelectorAll('main [aria-busy="true"]').length === 0, []);
      const menuButton: Target = { role: 'button', name: 'Menu', within: banner };
      const menu: Target = { role: 'navigation', name: 'Main', within: { css: '#site-menu' } };
      await page.expectHidden(menu);
      await page.click(menuButton);
      await page.expectAttribute('header [aria-controls="site-menu"]', 'aria-expanded', 'true');
      for (const link of ['Playground', 'History', 'Docs']) await page.expectVisible({ role: 'link', name: link, within: menu });
      await page.click({ role: 'link', name: 'History', within: menu });
      await page.expectPath(/^\/recent-history$/);
      await page.expectHidden(menu);
      await page.expectVisible({ text: 'Succeeded', within: { role: 'row', name: pattern(new RegExp(PROMPT)) } });
    });
  });
}

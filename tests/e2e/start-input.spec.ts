import { expect, test, type Page } from '@playwright/test';
import { openApp, readMailboxCode } from './fixtures';
import { loginDialog, signUp, uniqueEmail } from './journeys';

/**
 * No input is lost while a prerendered page's app starts (docs/architecture.md, "Boot, prerendering and
 * hydration"): a choice in a select, a typed prompt, a radio button ticked, each made at a moment of the start,
 * reaches the app. The moments are made by holding some of the start's files until the visitor has acted.
 */

/** The start's files as the build lists them in the page (src/entry.ts requests them all at once). */
async function startFiles(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  const list = /<script type="application\/json" id="start-files">([^<]*)<\/script>/.exec(html)?.[1];
  if (!list) throw new Error(`${path} lists no start files`);
  return JSON.parse(list) as string[];
}

/** Holds the requests for these files until the returned function is called. */
async function holdFiles(page: Page, files: string[]): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => files.includes(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

const PAGE_CHUNK: Record<string, RegExp> = { '/': /\/HomePage-[\w-]+\.js$/, '/playground/flux': /\/PlaygroundPage-[\w-]+\.js$/ };

/**
 * The moments of the start at which the visitor acts: before any of its code is fetched; once the code is in
 * but the app (src/main.tsx) has not run; while React hydrates (the page's own chunk held: the header is React's,
 * the page is not yet); and right after.
 */
const MOMENTS: { name: string; hold: (page: Page, path: string) => Promise<() => void> }[] = [
  { name: 'before its code is fetched', hold: async (page, path) => holdFiles(page, await startFiles(page, path)) },
  {
    name: 'once its code is in, before it runs',
    hold: async (page, path) =>
      holdFiles(
        page,
        (await startFiles(page, path)).filter((file) => /\/main-[\w-]+\.js$/.test(file)),
      ),
  },
  {
    name: 'while it hydrates',
    hold: async (page, path) =>
      holdFiles(
        page,
        (await startFiles(page, path)).filter((file) => PAGE_CHUNK[path]?.test(file)),
      ),
  },
];

/** Opens the page with the start held at a moment; the returned function lets the start go on. */
async function openHeld(page: Page, path: string, moment: (typeof MOMENTS)[number]): Promise<() => void> {
  const release = await moment.hold(page, path);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'hydrate');
  if (moment.name !== 'before its code is fetched') {
    // The start has got as far as the held file: the files before it have been asked for.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/react-[\w-]+\.js$/.test(entry.name))))
      .toBe(true);
  }
  return release;
}

for (const moment of MOMENTS) {
  test.describe(`acting ${moment.name}`, () => {
    test('a language chosen in the header is the page language, and stays after a reload', async ({ page }) => {
      const release = await openHeld(page, '/', moment);
      const language = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
      await language.selectOption('de');
      release();
      await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Anmelden' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Anmelden' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    });

    test("a prompt typed and a model ticked in the playground are the app's", async ({ page }) => {
      const release = await openHeld(page, '/playground/flux', moment);
      const prompt = page.getByLabel('Prompt', { exact: true });
      await prompt.pressSequentially('A glass lighthouse');
      await page.getByRole('radio', { name: 'Nano Banana 2', exact: true }).check();
      await expect(page.getByRole('radio', { name: 'Nano Banana 2', exact: true })).toBeChecked();
      release();
      await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
      // The counter is the app's: it counts the prompt it holds, not the field's text.
      await expect(page.getByText(/^18 \/ [\d,]+ characters$/)).toBeVisible();
      await expect(prompt).toHaveValue('A glass lighthouse');
      // The app shows what the model it holds offers: only Nano Banana 2 grounds in Google Search.
      await expect(page.getByRole('radio', { name: 'Nano Banana 2', exact: true })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: /Ground in Google Search/ })).toBeVisible();
    });
  });
}

/** Whether React has taken over this element of the prerendered page (it keeps its props on the element). */
function isReacts(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  }, selector);
}

test('a language chosen while the page still hydrates keeps the prerendered page, the prompt typed and the model ticked', async ({ page }) => {
  const release = await holdFiles(
    page,
    (await startFiles(page, '/playground/flux')).filter((file) => PAGE_CHUNK['/playground/flux']?.test(file)),
  );
  await page.goto('/playground/flux');
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.pressSequentially('A glass lighthouse');
  const model = page.getByRole('radio', { name: 'Nano Banana 2', exact: true });
  await model.check();
  // The header is React's, the page is not: its code is held.
  await expect.poll(() => isReacts(page, 'header select')).toBe(true);
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The new language reaches the page as it hydrates; rendered anew instead, the page would be gone, and the prompt.
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await expect(prompt).toHaveValue('A glass lighthouse');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
  await expect(page.getByText(/^18 \/ [\d.,\s]+ Zeichen$/)).toBeVisible();
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('A glass lighthouse');
  await expect(model).toBeChecked();
});

test('acting right after the start: the choice and the prompt are the app’s at once', async ({ page }) => {
  await page.goto('/playground/flux');
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByLabel('Prompt', { exact: true }).pressSequentially('Un phare');
  await expect(page.getByText(/^8 \/ [\d\s,.]+ caractères$/)).toBeVisible();
});

test('a prompt typed while a signed-in page hydrates is the one Generate sends', async ({ page }) => {
  await openApp(page, '/');
  await signUp(page, uniqueEmail('start-input'));
  const release = await holdFiles(
    page,
    (await startFiles(page, '/playground/flux')).filter((file) => /\/main-[\w-]+\.js$/.test(file)),
  );
  await page.goto('/playground/flux');
  await page.getByLabel('Prompt', { exact: true }).pressSequentially('A glass lighthouse at dawn');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('row', { name: /A glass lighthouse at dawn/ })).toHaveCount(1, { timeout: 15_000 });
});

test('a demo worker an earlier visit left, not in control of this page, is replaced without a reload', async ({ page }) => {
  // An earlier visit registered the demo worker (here by hand, on a page of the site without the app)…
  await page.route('**/earlier-visit', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>An earlier visit</title>' }),
  );
  await page.goto('/earlier-visit');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/mockServiceWorker.js');
    await navigator.serviceWorker.ready;
  });
  // …and this page loaded past it: as when that visit left while the worker was still installing, or after a hard reload.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await page.goto('/');
  await cdp.send('Network.setBypassServiceWorker', { bypass: false });
  const workerState = () =>
    page.evaluate(async () => ({
      controlled: navigator.serviceWorker.controller !== null,
      registrations: (await navigator.serviceWorker.getRegistrations()).length,
    }));
  expect(await workerState(), 'a registered worker that does not control the page').toEqual({ controlled: false, registrations: 1 });
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
  const dialog = loginDialog(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill('earlier-visit@example.com');
  // The demo API answers in this page: the worker took it over.
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await readMailboxCode(page);
  expect(await workerState()).toEqual({ controlled: true, registrations: 1 });
  await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue('earlier-visit@example.com');
  expect(loads, 'no reload as the demo started').toEqual([]);
});

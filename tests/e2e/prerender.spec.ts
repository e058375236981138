import { expect, test, type Page } from '@playwright/test';
import { openApp } from './fixtures';
import { openWithNewAccount, signUp, uniqueEmail } from './journeys';

/** The public pages, as written at build time (src/prerender/pages.ts), with the heading each shows. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Image generation for your product, one API call away' },
  { path: '/get-started', heading: 'Your first image in five steps' },
  { path: '/playground/flux', heading: 'Playground' },
  { path: '/join-discord', heading: 'Join the Nano Banana API community on Discord' },
  { path: '/terms', heading: 'Terms of service' },
  { path: '/privacy', heading: 'Privacy policy' },
  { path: '/refunds', heading: 'Refund policy' },
  { path: '/contact', heading: 'Contact us' },
] as const;

/** Everything the page logged as an error, and every uncaught exception (a hydration mismatch is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Holds the app's code (src/main.tsx's chunk) until the returned function is called: the page stays prerendered. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // One browser page reads them all: without JavaScript a page keeps no state for the next, so a fresh context
  // for each would only add its start-up.
  test('each public page shows its real content, and the 404 page is prerendered too', async ({ page }) => {
    for (const { path, heading } of PUBLIC_PAGES) {
      await test.step(`${path} shows its real content`, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: 'Nano Banana API home' }), path).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }), path).toHaveAttribute(
          'href',
          '/playground/flux',
        );
      });
    }
    await test.step('the 404 page is prerendered too', async () => {
      await page.goto('/404.html');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    });
  });
});

test.describe('hydration', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} is adopted as prerendered, without a mismatch`, async ({ page }) => {
      const errors = collectErrors(page);
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The app works: the header's sign-in opens the modal (by keyboard: the demo's One Tap card may cover it).
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).press('Enter');
      await expect(page.locator('dialog[open]').getByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('a click made while the page is still hydrating is held, then goes through', async ({ page }) => {
    // The app's code arrives late: the page shows (prerendered) and takes a click before it is hydrated.
    const release = await holdAppCode(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-boot', 'ready');
    // The dialog opens at once, as the build wrote it (outside the page React owns), and the click is held for the app.
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    await expect(page.locator('#root dialog[open]')).toHaveCount(0);
    // Meanwhile the pointer says the click is on its way, and so does a bar at the top (a touch screen has no pointer).
    await expect(page.locator('html')).toHaveCSS('cursor', 'progress');
    const heldBar = () => page.evaluate(() => getComputedStyle(document.documentElement, '::after').position);
    expect(await heldBar()).toBe('fixed');
    await page.keyboard.type('early@example.com');
    release();
    const appDialog = page.locator('#root').getByRole('dialog', { name: 'Create your account' });
    await expect(appDialog).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog')).toHaveCount(1);
    // The sign-up form is code of its own: it came beside the hydration, and has what was typed into the copy.
    await expect(appDialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue('early@example.com');
    await expect(page.locator('html')).not.toHaveAttribute('data-holding');
    expect(await heldBar()).not.toBe('fixed');
  });

  test('what is typed while the page is still hydrating reaches the app, before a held click', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto('/playground/flux');
    const prompt = page.getByLabel('Prompt');
    await prompt.fill('A lighthouse made of glass');
    await page.getByRole('button', { name: 'Sign in to generate' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-boot', 'ready');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    // The counter is the app's: it counts the prompt it holds, not the field's text.
    await expect(page.getByText(/^26 \/ [\d,]+ characters$/)).toBeVisible();
    await expect(prompt).toHaveValue('A lighthouse made of glass');
    // The held click went through with the prompt: signed out, Generate asks the visitor to sign in.
    await expect(page.getByRole('dialog', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('a signed-in visitor keeps what they typed while the page hydrated, though the form changes for the account', async ({ page }) => {
    await openWithNewAccount(page, 'prerender');
    const release = await holdAppCode(page);
    await page.goto('/playground/flux');
    const prompt = page.getByLabel('Prompt');
    await prompt.fill('A lighthouse made of glass');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    // The prerendered form was the anonymous one: it now offers Generate, with the prompt the app holds.
    await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeVisible();
    await expect(page.getByText(/^26 \/ [\d,]+ characters$/)).toBeVisible();
    await expect(prompt).toHaveValue('A lighthouse made of glass');
  });
});

test.describe('a first visit', () => {
  /** The app's scripts this document has fetched: any beyond the page script (src/entry.ts and its imports). */
  function appScriptsFetched(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => /\/assets\/([\w-]+)\.js$/.exec(new URL(entry.name).pathname)?.[1] ?? '')
        .filter((file) => file !== '' && !/^(index|page-script|rolldown-runtime)-/.test(file)),
    );
  }

  test('gets its app without acting, once the page has painted, every start file asked for before any arrives', async ({ page }) => {
    const listed = await (await page.request.get('/')).text();
    const startFiles = JSON.parse(/<script type="application\/json" id="start-files">([^<]*)</.exec(listed)?.[1] ?? '[]') as string[];
    expect(startFiles.some((file) => /\/main-[\w-]+\.js$/.test(file))).toBe(true);
    expect(startFiles.some((file) => /\/HomePage-[\w-]+\.js$/.test(file))).toBe(true);
    // A waterfall asks for a file only once another has arrived. Here no start file arrives until every one has
    // been asked for: a start that waited on an arrival would stall, and after 20 s the files are let through.
    const asked = new Set<string>();
    let allAsked: () => void = () => undefined;
    const everyFileAsked = new Promise<boolean>((resolve) => (allAsked = () => resolve(true)));
    let arrivedBeforeAllAsked = false;
    await page.route(
      (url) => startFiles.includes(url.pathname),
      async (route) => {
        asked.add(new URL(route.request().url()).pathname);
        if (asked.size === startFiles.length) allAsked();
        const inTime = await Promise.race([everyFileAsked, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000))]);
        if (!inTime) arrivedBeforeAllAsked = true;
        await route.continue();
      },
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: PUBLIC_PAGES[0].heading })).toBeVisible();
    await expect
      .poll(() => [...asked].sort(), { message: 'every start file asked for while none has arrived', timeout: 18_000 })
      .toEqual([...startFiles].sort());
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    // Nobody acted: the page started by itself.
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');
    expect([...asked].sort()).toEqual([...startFiles].sort());
    expect(arrivedBeforeAllAsked, 'a start file was asked for only after another had been let through').toBe(false);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).press('Enter');
    await expect(page.locator('dialog[open]').getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('fetches no catalogue and no sign-in forms until the visitor acts; the forms then come in English', async ({ page }) => {
    const catalogue = /\/assets\/messages-[\w-]+\.js$/;
    const signUpForm = /\/assets\/CodeProtectedForm-[\w-]+\.js$/;
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    // Lingui says so when a message is shown that the loaded messages lack (it shows the id instead).
    const missingWords: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Uncompiled message')) missingWords.push(message.text());
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');
    // The start has nothing left to fetch: the page's own words came with it.
    await page.waitForLoadState('networkidle');
    expect(
      fetched.filter((file) => catalogue.test(file) || signUpForm.test(file)),
      'fetched with nobody acting',
    ).toEqual([]);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).press('Enter');
    const dialog = page.locator('dialog[open]');
    await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    // The sign-up form is code the page did not carry, with words it did not carry: shown in English, not as ids.
    await expect(dialog.getByRole('textbox', { name: 'Verification code' })).toBeVisible();
    await expect(dialog.getByText('We e-mail you a 6-digit code. It is valid for 10 minutes.')).toBeVisible();
    expect(fetched.some((file) => catalogue.test(file))).toBe(true);
    expect(missingWords, 'a message shown that the page did not carry').toEqual([]);
  });

  test('"Sign in" tapped before the app has started opens the dialog at once; what is typed in it is the app\'s when it takes over', async ({
    page,
  }) => {
    const release = await holdAppCode(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const opened = page.locator('dialog[open]');
    await expect(opened.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.locator('html').getAttribute('data-boot'), 'the app has not started: its code is held').toBe('hydrate');
    await expect(opened.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
    // The copy keeps the place of the Google and Microsoft buttons, which only the app can show.
    await expect(opened.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    const fieldInCopy = await opened.getByRole('textbox', { name: 'E-mail' }).boundingBox();
    await page.keyboard.type('reader@example.com');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    // The app's own dialog, in the page, has taken the copy's place with what was typed and where.
    const appDialog = page.locator('#root dialog[open]');
    await expect(appDialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue('reader@example.com');
    await expect(appDialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    // Where it was in the copy: nothing moved under the visitor's eyes, before or after the buttons came.
    expect(await appDialog.getByRole('textbox', { name: 'E-mail' }).boundingBox()).toEqual(fieldInCopy);
    await expect(appDialog.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(await appDialog.getByRole('textbox', { name: 'E-mail' }).boundingBox()).toEqual(fieldInCopy);
    // The app knows the address: submitting asks only for the password.
    await page.keyboard.press('Enter');
    await expect(appDialog.getByText('Enter your password.')).toBeVisible();
    await expect(appDialog.getByRole('textbox', { name: 'E-mail' })).not.toHaveAttribute('aria-invalid');
    // Closed, it gives the focus back to the control that opened the copy.
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeFocused();
  });

  test('a button pressed in the dialog before the app came is pressed in the app’s; a dialog closed meanwhile stays closed', async ({ page }) => {
    let release = await holdAppCode(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const opened = page.locator('dialog[open]');
    await page.keyboard.type('newcomer@example.com');
    await opened.getByRole('button', { name: 'Create an account' }).click();
    release();
    await expect(page.locator('#root dialog[open]').getByRole('heading', { name: 'Create your account' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('#root dialog[open]').getByRole('textbox', { name: 'E-mail' })).toHaveValue('newcomer@example.com');

    await page.unroute(/\/assets\/main-[\w-]+\.js$/);
    await page.context().clearCookies();
    release = await holdAppCode(page);
    await page.goto('/get-started');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('dialog[open]').getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeFocused();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    // A replayed tap would open the app's dialog within the frames after the app is ready.
    for (let frame = 0; frame < 5; frame += 1) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expect(page.locator('dialog[open]')).toHaveCount(0);
  });

  test('an action before the browser is idle starts the app then, and is answered', async ({ page }) => {
    // The page's images hold the load event, after which the app would start by itself.
    let releaseImages: () => void = () => undefined;
    const imagesReleased = new Promise<void>((resolve) => (releaseImages = resolve));
    await page.route(/\.(webp|png|jpe?g|avif|svg)$/, async (route) => {
      await imagesReleased;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: PUBLIC_PAGES[0].heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');
    expect(await appScriptsFetched(page)).toEqual([]);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).hover();
    await expect(page.locator('html')).toHaveAttribute('data-start', 'wanted');
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).press('Enter');
    await expect(page.locator('dialog[open]').getByRole('heading', { name: 'Sign in' })).toBeVisible();
    releaseImages();
  });

  test("a click with no key or press before it (a screen reader's) brings the app, and goes through", async ({ page }) => {
    await page.goto('/get-started');
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).dispatchEvent('click');
    // The app's own dialog (the build's copy opens first, outside the page React owns).
    await expect(page.locator('#root dialog[open]').getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  });

  test('a summary opens its details without the app, and stays open once the app takes over', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto('/get-started');
    const summary = page.getByRole('main').getByText('What the answer looks like').first();
    await summary.click();
    await expect(page.getByRole('group', { name: 'Example answer' }).first()).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-holding');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    await expect(page.getByRole('group', { name: 'Example answer' }).first()).toBeVisible();
  });

  test('a plain link leads to the next page before the app has started', async ({ page }) => {
    const releaseApp = await holdAppCode(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Read the quick start' }).first().click();
    await expect(page).toHaveURL(/\/get-started$/);
    await expect(page.getByRole('heading', { level: 1, name: PUBLIC_PAGES[1].heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'hydrate');
    releaseApp();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
  });

  test('keeps where the visitor came from though they act on nothing', async ({ page }) => {
    await page.goto('/get-started', { referer: 'https://news.example.com/a-story' });
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('nanobanana.referral') ?? 'null') as unknown))
      .toEqual({ referDomain: 'news.example.com', utmTerm: '' });
  });

  test("a campaign's link is a first visit too, and keeps the campaign", async ({ page }) => {
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_term=banana');
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('nanobanana.referral') ?? 'null') as unknown))
      .toEqual({ referDomain: 'newsletter&email', utmTerm: 'banana' });
  });

  test('follows a sign-in made in another tab', async ({ page, context }) => {
    await page.goto('/playground/flux');
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');

    const other = await context.newPage();
    await openApp(other, '/');
    const email = uniqueEmail('other-tab');
    await signUp(other, email);

    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  });

  test('a shared playground link, whose query the page reads, gets the app without acting', async ({ page }) => {
    await page.goto('/playground/flux?prompt=A%20fox%20in%20the%20snow');
    await expect(page.locator('html')).not.toHaveAttribute('data-start');
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue('A fox in the snow');
  });

  test("Join Discord is read uninterrupted; its panel's Sign in, held while the app comes, opens the sign-in", async ({ page }) => {
    await page.goto('/join-discord');
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');
    const panel = page.getByRole('region', { name: 'Your Discord connection' });
    await panel.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('dialog[open]').getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    // Closed, it stays closed: the page asks again only when the visitor does.
    await expect(panel.getByText('Sign in to connect your Discord account.')).toBeVisible();
    await expect(page.locator('dialog[open]')).toHaveCount(0);
  });

  test("the 404 file is read at an unknown address; at one of the app's own, the app renders that page at once", async ({ page }) => {
    // What a static host sends for an address it has no file for: the 404 file.
    const notFoundFile = await (await page.request.get('/404.html')).text();
    await page.route(/\/(no-such-page|recent-history)$/, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: notFoundFile }));

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-start', 'idle');

    await page.goto('/recent-history');
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    await expect(page.locator('html')).not.toHaveAttribute('data-start');
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await expect(page.getByText('Sign in to see your generations.')).toBeVisible();
  });
});

test.describe("when the app's code cannot be fetched", () => {
  /** Fails every request for the app's actors (the second step of the start) until the returned function is called. */
  async function failAppCode(page: Page): Promise<() => Promise<void>> {
    const pattern = /\/assets\/actors-[\w-]+\.js$/;
    await page.route(pattern, (route) => route.abort('internetdisconnected'));
    return () => page.unroute(pattern);
  }

  test('the page says so and offers a reload, which brings the app once the code arrives', async ({ page }) => {
    const restore = await failAppCode(page);
    await page.goto('/');
    const notice = page.getByRole('alert').filter({ hasText: 'This page could not finish loading.' });
    // A first visit fetches the app once the browser is idle, or at the visitor's first action: a scroll.
    await page.mouse.wheel(0, 200);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Check your connection and reload.');
    // Only the visitor's language shows.
    await expect(page.getByRole('alert').filter({ hasText: 'could not' })).toHaveCount(1);
    // The page stays readable, and its links still go where they say.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
    await expect(page).toHaveURL(/\/playground\/flux$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeVisible();
    // A click on a control is held, its progress shown, until the code fails to arrive; the notice says so instead.
    await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
    await expect(notice).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-holding');
    await expect(page.locator('html')).not.toHaveCSS('cursor', 'progress');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement, '::after').position)).not.toBe('fixed');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await restore();
    await notice.getByRole('button', { name: 'Reload the page' }).click();
    await expect(notice).toBeHidden();
    // The reloaded page gets the app; the visitor's click, held if it comes first, goes through.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#root dialog[open]').getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready');
  });

  test('a sign-in dialog opened before the code failed closes, so that the notice shows', async ({ page }) => {
    await failAppCode(page);
    let releaseAppCode: () => void = () => undefined;
    const appCodeReleased = new Promise<void>((resolve) => (releaseAppCode = resolve));
    // The failure comes once the dialog is open.
    await page.route(/\/assets\/react-[\w-]+\.js$/, async (route) => {
      await appCodeReleased;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    releaseAppCode();
    await expect(page.getByRole('alert').filter({ hasText: 'This page could not finish loading.' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // It does not open again: nothing it holds could be sent.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a visitor who reads German is told in German', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'de'));
    await failAppCode(page);
    await page.goto('/playground/flux');
    const notice = page.getByRole('alert').filter({ hasText: 'Diese Seite konnte nicht vollständig geladen werden.' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
    await expect(page.getByText('This page could not finish loading.')).toBeHidden();
  });
});

test.describe('no flash of the wrong thing', () => {
  test('a visitor who chose German never sees the English page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'de'));
    const releaseApp = await holdAppCode(page);
    await page.goto('/');
    // The English HTML is there but hidden while the app is not.
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('#root')).toHaveCSS('visibility', 'hidden');
    releaseApp();
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    await expect(page.locator('#root')).toHaveCSS('visibility', 'visible');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bildgenerierung für Ihr Produkt – nur einen API-Aufruf entfernt');
    await expect(page.getByRole('banner')).toContainText('Verlauf');
  });

  test('a visitor with a session sees the header settle without a layout shift', async ({ page }) => {
    const email = await openWithNewAccount(page, 'prerender');
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    // Before the app knows the account, the header's tools wait hidden instead of offering "Sign in".
    await expect(page.locator('html')).toHaveAttribute('data-session', 'stored');
    await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  });
});

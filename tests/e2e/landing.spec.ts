import type { Locator, Page } from '@playwright/test';
import { test, expect, openDemoControls } from './fixtures';
import { openWithNewAccount } from './journeys';

// The catalogue's cheapest rate: $500 for 57,500 credits is $8.70 per 1,000 (src/domain/creditPackages.ts).
const FROM_PER_1000 = 'From $8.70 per 1,000 credits';
const KEY_PATTERN = /^nb_[0-9a-f]{40}$/;

/** The account's primary key in full, read from the keys page's Copy button (the clipboard). */
async function readPrimaryKey(page: Page): Promise<string> {
  await page.goto('/dashboard/api-keys');
  const row = page.getByRole('table').getByRole('row', { name: /Primary/ });
  await row.getByRole('button', { name: /^Copy key / }).click();
  let key = '';
  await expect
    .poll(async () => {
      key = await page.evaluate(() => navigator.clipboard.readText());
      return key;
    })
    .toMatch(KEY_PATTERN);
  return key;
}

// A demo task runs 2 s + 0.5 s an image + up to 1 s; the page checks again after 2 s, then 3 s, ...
const TASK_TIMEOUT = 25_000;

/** The demo's failed-generation messages, in its order (src/demo/generation/tasks.ts, generationErrors). */
const DEMO_GENERATION_ERRORS = [
  'The model could not finish this image. Try again, or change the prompt a little.',
  'The generation timed out on the model’s side.',
];

/** The five steps of /get-started, in order. */
function getStartedSteps(page: Page): Locator {
  return page.getByRole('main').getByRole('list').first().locator(':scope > li');
}

/** Arms a demo control, then folds the panel away so it does not cover the page. */
async function withDemoControls(page: Page, arm: (controls: Locator) => Promise<void>) {
  const controls = await openDemoControls(page);
  await arm(controls);
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
}

/** Signs up a new account and opens the quick start, signed in. */
async function openGetStartedSignedIn(page: Page): Promise<string> {
  const email = await openWithNewAccount(page, '', '/get-started');
  await expect(getStartedSteps(page).nth(0)).toContainText(`Signed in as ${email}.`);
  return email;
}

/** How far the page's own content (the header is another page's business) reaches past the viewport's right edge. */
function mainOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - document.documentElement.clientWidth : 0;
  });
}

test.describe('landing page', () => {
  test('an anonymous visitor sees the hero, a decoded gallery, pricing from the catalogue and a keyboard FAQ; the CTA opens sign-up', async ({
    page,
    openApp,
  }) => {
    await openApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Image generation for your product, one API call away' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Try the playground' })).toHaveAttribute('href', '/playground/flux');

    // Gallery: eight sample outputs, each a real image that decodes, with its prompt and model.
    const gallery = page.getByRole('region', { name: 'Sample outputs' });
    const images = gallery.getByRole('img');
    await expect(images).toHaveCount(8);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute('alt', /^Sample output for the prompt /);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0);
    }
    await expect(gallery.getByText('Nano Banana Pro').first()).toBeVisible();
    await expect(gallery.getByText('21:9', { exact: true })).toBeVisible();

    // Pricing comes from the credit catalogue and the per-model table.
    const pricing = page.getByRole('region', { name: 'Pay per image, with credits' });
    await expect(pricing.getByText(FROM_PER_1000)).toBeVisible();
    const models = pricing.getByRole('table');
    // Credits per image: one price, or the range over the model's resolutions.
    await expect(models.getByRole('row', { name: /^Nano Banana 2 \$/ })).toBeVisible();
    await expect(models.getByRole('row', { name: /^Nano Banana 2 4–9 / })).toBeVisible();
    await expect(models.getByRole('row', { name: /^Nano Banana Pro 9–12 / })).toBeVisible();
    const packages = pricing.getByRole('list', { name: 'Credit packages' }).getByRole('listitem');
    await expect(packages).toHaveCount(4);
    await expect(packages.filter({ hasText: '$500' })).toContainText('50,000 credits');
    await expect(packages.filter({ hasText: '$500' })).toContainText('+7,500 bonus');
    await expect(packages.filter({ hasText: '$10' }).first()).toContainText('≈ 500 Nano Banana images');
    await expect(pricing.getByText(/100 free credits/)).toBeVisible();
    await expect(pricing.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/dashboard/billing');

    // The sample call shows a placeholder, never a key.
    const how = page.getByRole('region', { name: 'How it works' });
    await expect(how.getByLabel('Example request (curl)', { exact: true })).toContainText('Authorization: Bearer YOUR_API_KEY');
    await expect(how.getByText(/Demo mode: the API runs inside this browser tab/)).toBeVisible();

    // FAQ: native disclosure widgets, opened from the keyboard.
    const faq = page.getByRole('region', { name: 'Questions, answered' });
    const refund = faq.getByText('Do failed tasks cost credits?');
    const answer = faq.getByText(/Credits are charged only when a task succeeds/);
    await expect(answer).toBeHidden();
    await refund.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Space');
    await expect(answer).toBeHidden();

    // The hero's call to action opens the sign-up form.
    await page.getByRole('button', { name: 'Get your free API key' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('fits a 375 px wide screen without scrolling sideways', async ({ page, openApp }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => mainOverflow(page)).toBeLessThanOrEqual(0);
    await openApp(page, '/get-started');
    await expect(page.getByRole('heading', { level: 1, name: 'Your first image in five steps' })).toBeVisible();
    await expect.poll(() => mainOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('get started', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('an anonymous visitor sees every step, with YOUR_API_KEY in the commands', async ({ page, openApp }) => {
    await openApp(page, '/get-started');
    await expect(page.getByRole('heading', { level: 1, name: 'Your first image in five steps' })).toBeVisible();
    const steps = page.getByRole('main').getByRole('list').first().locator(':scope > li');
    await expect(steps).toHaveCount(5);
    await expect(steps.nth(0)).toContainText('Next');
    await expect(steps.nth(1)).toContainText('To do');
    await expect(page.getByLabel('Create a generation task (curl)', { exact: true })).toContainText('Authorization: Bearer YOUR_API_KEY');
    await expect(page.getByLabel("Read a task's status (curl)", { exact: true })).toContainText('taskId=TASK_ID_FROM_STEP_3');
    await page.getByRole('button', { name: 'Copy Create a generation task (curl)' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('Bearer YOUR_API_KEY');
    await page.getByRole('button', { name: 'Create a free account' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('signed in: the landing page offers the playground and dashboard; get-started fills in the real key, masked on screen', async ({
    page,
    openApp,
  }) => {
    const email = await openWithNewAccount(page);
    // The sign-up went to the welcome; back to the landing page, signed in.
    await expect(page).toHaveURL(/\/dashboard\?welcome$/);
    await page.getByRole('banner').getByRole('link', { name: 'Nano Banana API home' }).click();

    // Landing, signed in.
    await expect(page.getByRole('link', { name: 'Open the playground' }).first()).toHaveAttribute('href', '/playground/flux');
    await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('button', { name: 'Get your free API key' })).toHaveCount(0);

    const key = await readPrimaryKey(page);
    const masked = `${key.slice(0, 6)}…${key.slice(-4)}`;

    // The landing page's sample call shows the key masked, and copies it in full.
    await page.getByRole('banner').getByRole('link', { name: 'Nano Banana API home' }).click();
    const how = page.getByRole('region', { name: 'How it works' });
    await expect(how.getByLabel('Example request (curl)', { exact: true })).toContainText(`Authorization: Bearer ${masked}`);
    await expect(page.getByText(key)).toHaveCount(0);

    // Get started: steps 1 and 2 done, the key masked on screen, the copied command with the real key.
    await openApp(page, '/get-started');
    const steps = page.getByRole('main').getByRole('list').first().locator(':scope > li');
    await expect(steps.nth(0)).toContainText(`Signed in as ${email}.`);
    await expect(steps.nth(0)).toContainText('Done');
    await expect(steps.nth(1)).toContainText('Done');
    await expect(steps.nth(1)).toContainText(masked);
    await expect(steps.nth(1).getByRole('link', { name: 'Manage your keys' })).toHaveAttribute('href', '/dashboard/api-keys');
    await expect(steps.nth(2)).toContainText('Next');
    await expect(steps.nth(2)).toContainText('Copied commands include your key');

    const request = page.getByLabel('Create a generation task (curl)', { exact: true });
    await expect(request).toContainText(`Authorization: Bearer ${masked}`);
    await expect(page.getByText(key)).toHaveCount(0);
    await page.getByRole('button', { name: 'Copy Create a generation task (curl)' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`Authorization: Bearer ${key}`);
    await expect(page.getByText('Copied, with your API key. Keep it secret.')).toBeVisible();

    // The JavaScript tab too.
    await steps.nth(2).getByRole('radio', { name: 'JavaScript' }).check();
    await expect(page.getByLabel('Create a generation task (JavaScript)', { exact: true })).toContainText(`const API_KEY = "${masked}"`);
    await page.getByRole('button', { name: 'Copy Create a generation task (JavaScript)' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`const API_KEY = "${key}"`);

    // Step 4: polling, with the real key in what is copied.
    await page.getByRole('button', { name: "Copy Read a task's status (curl)" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(new RegExp(`taskId=TASK_ID_FROM_STEP_3[\\s\\S]*Bearer ${key}`));
  });

  test('signed in: sends the first call from the page, checks the task until successFlag is 1, shows the image and marks the steps done', async ({
    page,
  }) => {
    await openGetStartedSignedIn(page);
    const steps = getStartedSteps(page);
    await expect(steps.nth(2)).toContainText('Next');
    await expect(steps.nth(2)).toContainText('Send it from here with the button below');

    // Step 3: the request shown, sent with the user's key; the real answer, with its taskId, below it.
    await steps.nth(2).getByRole('button', { name: 'Send this request' }).click();
    const answer = page.getByLabel('Answer of the request', { exact: true });
    await expect(answer).toContainText('"taskId"');
    // Checked at once, so the first answer still says "generating".
    await steps.nth(3).getByRole('button', { name: 'Check the task' }).click();

    const created = JSON.parse((await answer.textContent()) ?? '') as { code: number; data: { taskId: string } };
    expect(created.code).toBe(200);
    const { taskId } = created.data;
    expect(taskId).toMatch(/^[0-9a-f]{32}$/);
    await expect(steps.nth(2).getByRole('status')).toContainText(`Task created, with the taskId ${taskId}.`);
    await expect(steps.nth(2)).toHaveAttribute('data-state', 'done');
    await expect(steps.nth(2)).toContainText('Done');

    // Step 4: the poll command carries the real taskId; the answers show successFlag moving from 0 to 1.
    const check = page.getByLabel('Answer of the task check', { exact: true });
    await expect(check).toContainText('"successFlag": 0');
    await expect(steps.nth(3).getByRole('status')).toContainText('successFlag is 0: still generating.');
    await expect(steps.nth(3)).toContainText('Next');
    await expect(check).toContainText('"successFlag": 1', { timeout: TASK_TIMEOUT });
    await expect(check).toContainText(`"taskId": "${taskId}"`);
    await expect(steps.nth(3).getByRole('status')).toContainText('successFlag is 1: the task succeeded');
    await expect(steps.nth(3).getByRole('status')).toContainText('Charged: 4 credits.');
    const imageName = 'Image 1 for: A banana in tiny sunglasses on a beach towel, product photo';
    const image = steps.nth(3).getByRole('img', { name: imageName });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBeGreaterThan(0);
    await expect(steps.nth(3).getByRole('link', { name: imageName })).toHaveAttribute('href', new RegExp(`/demo-results/${taskId}/1$`));

    // Every step up to the last is done; "Where next" is next; the balance paid for one image.
    for (const step of [0, 1, 2, 3]) await expect(steps.nth(step)).toHaveAttribute('data-state', 'done');
    await expect(steps.nth(3)).toContainText('Done');
    await expect(steps.nth(4)).toContainText('Next');
    await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(0)).toContainText('Balance: 96 credits.');

    await expect(page.getByLabel("Read a task's status (curl)", { exact: true })).toContainText(`taskId=${taskId}`);
    await steps.nth(3).getByRole('radio', { name: 'JavaScript' }).check();
    await expect(page.getByLabel("Read a task's status (JavaScript)", { exact: true })).toContainText(`taskId=${taskId}`);
  });

  test('signed in: a call that gets no answer does not claim nothing was charged, and points to the history', async ({ page }) => {
    await openGetStartedSignedIn(page);
    const steps = getStartedSteps(page);
    await withDemoControls(page, async (controls) => {
      await controls.getByLabel('Which call').selectOption({ label: 'POST /api/v1/nanobanana/generate-2' });
      await controls.getByLabel('Next call').selectOption({ label: 'Network failure' });
      await expect(controls.getByText(/Next call: network failure/)).toBeVisible();
    });

    await steps.nth(2).getByRole('button', { name: 'Send this request' }).click();
    const status = steps.nth(2).getByRole('status');
    await expect(status.getByRole('heading', { name: 'Could not reach the API' })).toBeVisible();
    await expect(status).toContainText('The request may still have reached the API');
    await expect(status.getByRole('link', { name: 'history' })).toHaveAttribute('href', '/recent-history');
    await expect(status).not.toContainText('No task was created and nothing was charged.');
  });

  test('signed in: a call the API refuses says why and what to do, and trying again sends it', async ({ page }) => {
    await openGetStartedSignedIn(page);
    const steps = getStartedSteps(page);
    await withDemoControls(page, async (controls) => {
      await controls.getByLabel('Which call').selectOption({ label: 'POST /api/v1/nanobanana/generate-2' });
      await controls.getByLabel('Next call').selectOption({ label: 'Custom code…' });
      await controls.getByLabel('Custom code', { exact: true }).fill('402');
      await expect(controls.getByText(/Next call: code 402/)).toBeVisible();
    });

    const send = steps.nth(2).getByRole('button', { name: 'Send this request' });
    await send.click();
    const status = steps.nth(2).getByRole('status');
    await expect(status.getByRole('heading', { name: 'Not enough credits (402)' })).toBeVisible();
    await expect(status).toContainText('Demo controls: this call was answered with code 402.');
    await expect(status).toContainText('No task was created and nothing was charged.');
    await expect(status.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/dashboard/billing');
    await expect(steps.nth(2)).toContainText('Next');
    await expect(page.getByLabel('Answer of the request', { exact: true })).toHaveCount(0);

    // The same button tries again, and keeps the focus.
    const retry = steps.nth(2).getByRole('button', { name: 'Try again' });
    await expect(retry).toBeFocused();
    await retry.click();
    await expect(page.getByLabel('Answer of the request', { exact: true })).toContainText('"taskId"');
    await expect(steps.nth(2)).toHaveAttribute('data-state', 'done');
  });

  test('signed in: a task that fails shows its errorMessage and that nothing was charged', async ({ page }) => {
    await openGetStartedSignedIn(page);
    const steps = getStartedSteps(page);
    await withDemoControls(page, (controls) => controls.getByLabel('Generation failure rate (%)').fill('100'));

    await steps.nth(2).getByRole('button', { name: 'Send this request' }).click();
    const answer = page.getByLabel('Answer of the request', { exact: true });
    await expect(answer).toContainText('"taskId"');
    const created = JSON.parse((await answer.textContent()) ?? '') as { data: { taskId: string } };
    await steps.nth(3).getByRole('button', { name: 'Check the task' }).click();
    const status = steps.nth(3).getByRole('status');
    const failure = status.getByRole('heading', { name: 'The model could not make the image (successFlag 3)' });
    await expect(failure).toBeVisible({ timeout: TASK_TIMEOUT });
    // The demo fails a task with one of its errors, chosen by the task id: this task's, word for word.
    const reason = DEMO_GENERATION_ERRORS[parseInt(created.data.taskId.slice(0, 4), 16) % DEMO_GENERATION_ERRORS.length];
    await expect(status.getByText(`errorMessage: ${reason}`, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Answer of the task check', { exact: true })).toContainText(`"errorMessage": "${reason}"`);
    await expect(status).toContainText('Nothing was charged: a failed task costs no credits.');
    await expect(page.getByLabel('Answer of the task check', { exact: true })).toContainText('"successFlag": 3');
    await expect(steps.nth(3).getByRole('img')).toHaveCount(0);
    // The check button is gone: the focus is on what happened, not lost at the top of the page.
    await expect(failure).toBeFocused();
    await expect(steps.nth(0)).toContainText('Balance: 100 credits.');
    await expect(steps.nth(3)).toHaveAttribute('data-state', 'done');
  });
});

import type { Locator, Page } from '@playwright/test';
import { test, expect, openDemoControls } from './fixtures';
import { expectSignedIn, uniqueEmail, openWithNewAccount } from './journeys';
import { expectGenerationSettled, installTaskClock, skipTaskTime } from './taskClock';

// A demo task runs 2 s + 0.5 s an image + up to 1 s, and is read at 2 s, 5 s, 9.5 s ...
const GENERATION_TIMEOUT = 25_000;

function form(page: Page): Locator {
  return page.getByRole('form', { name: 'Generation settings' });
}

function credits(page: Page): Locator {
  return page.getByRole('banner').getByTitle('Credit balance');
}

async function fillForm(page: Page, { prompt, ratio, images, watermark }: { prompt: string; ratio?: string; images?: number; watermark?: string }) {
  await form(page).getByLabel('Prompt').fill(prompt);
  if (ratio) await form(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('radio', { name: ratio }).check();
  if (images)
    await form(page)
      .getByRole('group', { name: 'Number of images' })
      .getByRole('radio', { name: String(images) })
      .check();
  if (watermark !== undefined) await form(page).getByLabel('Watermark (optional)').fill(watermark);
}

async function chooseModel(page: Page, name: string) {
  await form(page).getByRole('group', { name: 'Model' }).getByRole('radio', { name, exact: true }).check();
}

/** Arms a demo control, then folds the panel away so it does not cover the form. */
async function withDemoControls(page: Page, arm: (controls: Locator) => Promise<void>) {
  const controls = await openDemoControls(page);
  await arm(controls);
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
}

// The one run here at the demo's real pacing, as a visitor sees it; the others skip the wait (./taskClock.ts).
test('generate 2 images at 16:9, see their real size, the balance go down, and find them in history', async ({ page }) => {
  await openWithNewAccount(page);
  await page.getByRole('banner').getByRole('link', { name: 'Playground' }).click();
  await fillForm(page, { prompt: 'A banana-shaped spaceship over a neon city at dusk', ratio: '16:9', images: 2 });
  await expect(form(page).getByText('Output size: about 1024 × 576 px')).toBeVisible();
  await expect(form(page).getByText('Costs 4 credits')).toBeVisible();

  // A double click sends one task: history below has exactly one row for it.
  await form(page).getByRole('button', { name: 'Generate', exact: true }).dblclick();
  // Visible progress while the task runs.
  await expect(page.getByRole('status').getByText(/Generating 2 images/)).toBeVisible();
  await expect(form(page).getByRole('button', { name: 'Generating…' })).toBeDisabled();

  const results = page.getByRole('region', { name: '2 images ready' });
  await expect(results).toBeVisible({ timeout: GENERATION_TIMEOUT });
  // Said to screen readers too: the results replace the progress, which was the live region.
  await expect(page.getByRole('status').filter({ hasText: /^2 images ready$/ })).toHaveCount(1);
  await expect(results.getByTestId('image-size')).toHaveText(['1024 × 576', '1024 × 576']);
  await expect(results.getByRole('img')).toHaveCount(2);
  // Charged on success: 100 free credits less 2 images at 2 credits.
  await expect(credits(page)).toHaveText('96 credits');

  // The image opens on its own in a new tab (the demo image host).
  const [tab] = await Promise.all([page.context().waitForEvent('page'), results.getByRole('link', { name: 'Open', exact: true }).first().click()]);
  await expect(tab.getByRole('img', { name: 'Generated image' })).toBeVisible();
  await expect.poll(() => tab.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1024);
  await tab.close();

  // Download saves the file under a readable name.
  const [download] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Download image 1' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^nano-banana-[0-9a-f]{8}-1\.png$/);

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const row = page.getByRole('row', { name: /A banana-shaped spaceship/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Succeeded')).toBeVisible();
  await expect(row.getByRole('cell', { name: '4 credits', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Generation details' });
  await expect(details.getByTestId('image-size')).toHaveText(['1024 × 576', '1024 × 576']);
  await expect(details.getByRole('definition').filter({ hasText: /^16:9$/ })).toBeVisible();
  // The request as the task API took it, in its own field names.
  await expect(details.getByLabel('The request as the task API took it')).toContainText('"image_size": "16:9"');

  // "Open in playground" brings the same settings back.
  await details.getByRole('link', { name: 'Open in playground' }).click();
  await expect(form(page).getByLabel('Prompt')).toHaveValue('A banana-shaped spaceship over a neon city at dusk');
  await expect(form(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('radio', { name: '16:9' })).toBeChecked();
  await expect(form(page).getByRole('group', { name: 'Number of images' }).getByRole('radio', { name: '2' })).toBeChecked();
});

test('cancelling stops watching the task and says where it may still appear', async ({ page }) => {
  await openWithNewAccount(page, '', '/playground/flux');
  await fillForm(page, { prompt: 'Watercolor fox reading a book', images: 4 });
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();
  // Cancelled while the task is watched: the server has it, under the id shown.
  const taskId = (await page.getByRole('status').locator('code').textContent({ timeout: 10_000 })) ?? '';
  expect(taskId).toMatch(/^[0-9a-f]+$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Cancelled' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Cancelled$/ })).toHaveCount(1);
  await expect(page.getByText(`The task ${taskId} was already sent, so it may still finish.`, { exact: false })).toBeVisible();
  // The form is ready for another try, with what was typed.
  await expect(form(page).getByLabel('Prompt')).toHaveValue('Watercolor fox reading a book');
  await expect(form(page).getByRole('button', { name: 'Generate', exact: true })).toBeEnabled();
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('row', { name: /Watercolor fox reading a book/ })).toHaveCount(1);
});

test('cancelling while the task is being sent says it may still run; history and the balance show it when it does', async ({ page }) => {
  await installTaskClock(page);
  await openWithNewAccount(page, '', '/playground/flux');
  // The request takes 1.5 s to arrive: time to cancel before the server confirms the task.
  await withDemoControls(page, (controls) => controls.getByLabel('Latency (ms)').fill('1500'));
  await fillForm(page, { prompt: 'Paper boat on a rainy street' });
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('status').getByText('Sending the task…')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Cancelled' })).toBeVisible();
  await expect(
    page.getByText(/^Cancelled before the server confirmed the task\. If the request had already reached it, the task still runs/),
  ).toBeVisible();
  await expect(form(page).getByLabel('Prompt')).toHaveValue('Paper boat on a rainy street');
  await expect(form(page).getByRole('button', { name: 'Generate', exact: true })).toBeEnabled();

  // It had reached the server: the task runs to the end, is charged then, and the header's balance agrees.
  await withDemoControls(page, (controls) => controls.getByLabel('Latency (ms)').fill('0'));
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const row = page.getByRole('row', { name: /Paper boat on a rainy street/ });
  await expect(async () => {
    await skipTaskTime(page);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: GENERATION_TIMEOUT });
  await expect(credits(page)).toHaveText('98 credits');
});

test('on a phone the results sit under the form: a run brings its progress into view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openWithNewAccount(page, '', '/playground/flux');
  await fillForm(page, { prompt: 'Origami crane on a desk' });
  // Scrolled as a visitor filling the form would be: Generate at the bottom of the screen, results out of sight.
  const generate = form(page).getByRole('button', { name: 'Generate', exact: true });
  await generate.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await expect(page.getByText('Your images will appear here')).not.toBeInViewport();
  await generate.click();
  const progress = page.getByRole('status').filter({ hasText: /Sending the task…|Generating 1 image/ });
  await expect(progress.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
});

test('a failed generation says why, charges nothing, and history shows the refund and the error', async ({ page }) => {
  await installTaskClock(page);
  await openWithNewAccount(page, '', '/playground/flux');
  await withDemoControls(page, (controls) => controls.getByLabel('Generation failure rate (%)').fill('100'));
  await fillForm(page, { prompt: 'Macro photo of dew drops on a spider web' });
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();

  const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'The model could not make these images' }) });
  await expectGenerationSettled(page, failure);
  await expect(failure).toContainText('Nothing was charged: 2 credits were refunded.');
  await expect(credits(page)).toHaveText('100 credits');

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const row = page.getByRole('row', { name: /Macro photo of dew drops/ });
  await expect(row.getByText('Failed')).toBeVisible();
  await expect(row).toContainText('2 refunded');
  await row.getByRole('button', { name: /Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Generation details' });
  await expect(details.getByRole('note')).toContainText('Why it failed:');
  await expect(details.getByRole('definition').filter({ hasText: /^0 credits \(2 refunded\)$/ })).toBeVisible();

  // Filtering by status finds it; another status does not.
  await page.keyboard.press('Escape');
  await page.getByLabel('Status').selectOption({ label: 'Succeeded' });
  await expect(page.getByText('No generations match these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Failed' });
  await expect(page.getByRole('row', { name: /Macro photo of dew drops/ })).toHaveCount(1);
});

test('a network failure while sending the task keeps the form as typed, and a retry works', async ({ page }) => {
  await installTaskClock(page);
  await openWithNewAccount(page, '', '/playground/flux');
  await fillForm(page, { prompt: 'Isometric pixel-art coffee shop', watermark: 'ACME' });
  await withDemoControls(page, async (controls) => {
    await controls.getByLabel('Which call').selectOption({ label: 'POST /api/v1/nanobanana/generate' });
    await controls.getByLabel('Next call').selectOption({ label: 'Network failure' });
  });
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();
  const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'The task was not created' }) });
  await expect(failure).toContainText('Could not reach the server');
  await expect(form(page).getByLabel('Prompt')).toHaveValue('Isometric pixel-art coffee shop');
  await expect(form(page).getByLabel('Watermark (optional)')).toHaveValue('ACME');
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expectGenerationSettled(page, page.getByRole('region', { name: '1 image ready' }));
});

test('the form lives in the address: a shared link opens the same playground in a fresh browser', async ({ page, browser, openApp }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page, '/playground/flux');
  // Demo One Tap greets signed-out visitors over the top of the page; close it as a visitor would.
  await page.getByRole('dialog', { name: 'Sign in with Google' }).getByRole('button', { name: 'Close' }).click();
  await chooseModel(page, 'Nano Banana 2');
  await fillForm(page, { prompt: 'Vintage travel poster of Lisbon trams', ratio: '3:4' });
  await form(page).getByRole('group', { name: 'Resolution' }).getByRole('radio', { name: '2K' }).check();
  await form(page).getByRole('group', { name: 'Output format' }).getByRole('radio', { name: 'PNG' }).check();
  // The header's link to the bare playground keeps the form, and puts it back in the address.
  await page.getByRole('banner').getByRole('link', { name: 'Playground' }).click();
  await expect(form(page).getByLabel('Prompt')).toHaveValue('Vintage travel poster of Lisbon trams');
  await expect(page).toHaveURL(/\/playground\/flux\?prompt=Vintage/);
  await page.getByRole('button', { name: 'Copy link to these settings' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname).toBe('/playground/flux');
  expect(new URL(link).searchParams.get('model')).toBe('nano-banana-2');
  expect(new URL(link).searchParams.get('res')).toBe('2K');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openApp(other, link);
  const shared = form(other);
  await expect(shared.getByLabel('Prompt')).toHaveValue('Vintage travel poster of Lisbon trams');
  await expect(shared.getByRole('radio', { name: 'Nano Banana 2', exact: true })).toBeChecked();
  await expect(shared.getByRole('group', { name: 'Aspect ratio' }).getByRole('radio', { name: '3:4' })).toBeChecked();
  await expect(shared.getByRole('group', { name: 'Resolution' }).getByRole('radio', { name: '2K' })).toBeChecked();
  await expect(shared.getByRole('group', { name: 'Output format' }).getByRole('radio', { name: 'PNG' })).toBeChecked();
  await expect(shared.getByText('Costs 6 credits')).toBeVisible();
  await fresh.close();
});

test('an anonymous visitor sees the form, signs in on Generate, and keeps what was typed', async ({ page, openApp, readMailboxCode }) => {
  await installTaskClock(page);
  await openApp(page, '/playground/flux');
  await fillForm(page, { prompt: 'Portrait of an astronaut in a sunflower field' });
  await expect(page.getByRole('region', { name: 'This request as code' })).toContainText('YOUR_API_KEY');
  await form(page).getByRole('button', { name: 'Sign in to generate' }).click();
  const dialog = page.locator('dialog[open]');
  await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  const email = uniqueEmail();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Verification code').fill(await readMailboxCode(page));
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-9');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expectSignedIn(page, email);
  await expect(form(page).getByLabel('Prompt')).toHaveValue('Portrait of an astronaut in a sunflower field');
  // The code now carries the user's own key, masked on screen.
  await expect(page.getByRole('region', { name: 'This request as code' })).toContainText(/Bearer nb_[0-9a-f]{3}…[0-9a-f]{4}/);
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expectGenerationSettled(page, page.getByRole('region', { name: '1 image ready' }));
});

test('wrong fields are named and nothing is sent; a short balance offers to buy credits', async ({ page }) => {
  await openWithNewAccount(page, '', '/playground/flux');
  await form(page).getByRole('button', { name: 'Add an image address' }).click();
  await form(page).getByRole('textbox', { name: 'Image address 1' }).fill('not a url');
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(form(page).getByText('Describe the image you want.')).toBeVisible();
  await expect(form(page).getByText('Enter a full image address, starting with https:// or http://.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check the form' })).toBeVisible();

  // Spend the free credits (90 days of sample usage), then ask for more than is left.
  await form(page).getByRole('button', { name: 'Remove image address 1' }).click();
  await withDemoControls(page, async (controls) => {
    await controls.getByRole('button', { name: 'Fill 90 days of sample usage' }).click();
    await expect(controls.getByText(/^Added \d+ usage records/)).toBeVisible();
  });
  await page.reload();
  await expect(credits(page)).toHaveText('0 credits');
  await chooseModel(page, 'Nano Banana Pro');
  await fillForm(page, { prompt: 'A very expensive poster' });
  await form(page).getByRole('group', { name: 'Resolution' }).getByRole('radio', { name: '4K' }).check();
  await expect(form(page).getByText('Costs 12 credits')).toBeVisible();
  await expect(form(page).getByText('Your balance does not cover this task.')).toBeVisible();
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();
  const short = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Not enough credits' }) });
  await short.getByRole('link', { name: 'Buy credits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
});

test('each model shows only what its endpoint takes, and the code calls that endpoint with its own field names', async ({ page, openApp }) => {
  await openApp(page, '/playground/flux');
  await page.getByRole('dialog', { name: 'Sign in with Google' }).getByRole('button', { name: 'Close' }).click();
  const code = page.getByRole('region', { name: 'This request as code' });
  const ratios = form(page).getByRole('group', { name: 'Aspect ratio' });

  // Nano Banana: up to 4 images, a watermark, image_size for the ratio, no resolution, no auto.
  await fillForm(page, { prompt: 'A paper lantern festival', ratio: '21:9', images: 2 });
  await expect(form(page).getByRole('group', { name: 'Resolution' })).toHaveCount(0);
  await expect(ratios.getByRole('radio', { name: 'Auto' })).toHaveCount(0);
  await expect(code).toContainText('/api/v1/nanobanana/generate');
  await expect(code).toContainText('"image_size": "21:9"');
  await expect(code).toContainText('"type": "TEXTTOIAMGE"');
  await expect(code).toContainText('"callBackUrl"');
  await expect(code).not.toContainText('"aspectRatio"');

  // Nano Banana 2: one image a task, resolutions, formats, extreme ratios and web grounding.
  await chooseModel(page, 'Nano Banana 2');
  await expect(form(page).getByRole('group', { name: 'Number of images' })).toHaveCount(0);
  await expect(form(page).getByLabel('Watermark (optional)')).toHaveCount(0);
  // 21:9 is one of its ratios too, so the choice stays.
  await expect(ratios.getByRole('radio', { name: '21:9' })).toBeChecked();
  await ratios.getByRole('radio', { name: '8:1' }).check();
  await form(page).getByLabel('Ground in Google Search').check();
  await expect(code).toContainText('/api/v1/nanobanana/generate-2');
  await expect(code).toContainText('"aspectRatio": "8:1"');
  await expect(code).toContainText('"resolution": "1K"');
  await expect(code).toContainText('"googleSearch": true');
  await expect(code).not.toContainText('numImages');

  // Nano Banana Pro has no 8:1: its default (auto) takes its place; no output format either.
  await chooseModel(page, 'Nano Banana Pro');
  await expect(ratios.getByRole('radio', { name: 'Auto' })).toBeChecked();
  await expect(form(page).getByRole('group', { name: 'Output format' })).toHaveCount(0);
  await expect(code).toContainText('/api/v1/nanobanana/generate-pro');
  await expect(code).not.toContainText('googleSearch');
  await form(page).getByRole('group', { name: 'Resolution' }).getByRole('radio', { name: '4K' }).check();
  await expect(form(page).getByText('Costs 12 credits')).toBeVisible();
  await code.getByRole('radio', { name: 'Python' }).check();
  await expect(code).toContainText('import requests');
});

test('a prompt the content policy flags says so, and what to do', async ({ page }) => {
  await installTaskClock(page);
  await openWithNewAccount(page, '', '/playground/flux');
  // The demo's content policy flags any prompt with this mark.
  await fillForm(page, { prompt: 'A crowded night market [flagged]' });
  await form(page).getByRole('button', { name: 'Generate', exact: true }).click();
  const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'The model could not make these images' }) });
  await expectGenerationSettled(page, failure);
  await expect(failure).toContainText('Your prompt has been flagged by the content policy. (code 400)');
  await expect(failure).toContainText('The prompt or a reference image was flagged by the content policy. Rephrase it and try again');
  await expect(credits(page)).toHaveText('100 credits');
});

/** Where the sticky header ends: nothing under it counts as seen. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole('banner').first().boundingBox();
  return box ? box.y + box.height : 0;
}

/** The result region lies wholly on screen: below the sticky header, above the bottom edge. */
async function expectWhollyInView(page: Page, region: Locator) {
  const viewport = page.viewportSize();
  const header = await headerBottom(page);
  await expect
    .poll(async () => {
      const box = await region.boundingBox();
      return box !== null && viewport !== null && box.y >= header - 0.5 && box.y + box.height <= viewport.height + 0.5;
    })
    .toBe(true);
}

/** The topmost element at the centre of a control is the control itself (or its own label), not something over it. */
async function isUncovered(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    if (!hit) return false;
    const label = element.closest('label');
    return element.contains(hit) || (label !== null && label.contains(hit));
  });
}

function sessionStrip(page: Page): Locator {
  return page.getByRole('region', { name: 'This visit' });
}

/** The prompts of the strip's thumbnails, left to right. */
async function stripPrompts(page: Page): Promise<string[]> {
  return sessionStrip(page)
    .getByRole('button', { name: /^Show the result of/ })
    .evaluateAll((buttons) => buttons.map((button) => /“(.*)”/.exec(button.getAttribute('aria-label') ?? '')?.[1] ?? ''));
}

test('at 1440 × 900: Generate in view at load, Ctrl+Enter and ⌘+Enter submit, each result wholly in view, and the visit’s strip', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await installTaskClock(page);
  await openWithNewAccount(page, '', '/playground/flux');
  const generate = form(page).getByRole('button', { name: 'Generate', exact: true });
  // The primary action is above the fold at load, nothing over it, and says its shortcut.
  await expect(generate).toBeInViewport({ ratio: 1 });
  expect(await isUncovered(generate)).toBe(true);
  await expect(generate).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
  const prompt = form(page).getByLabel('Prompt');
  const results = page.getByRole('region', { name: '1 image ready' });

  // 1. A click.
  await fillForm(page, { prompt: 'First: a lighthouse in fog' });
  await generate.click();
  await expectGenerationSettled(page, results);
  await expectWhollyInView(page, results);
  await expect(results.getByRole('img', { name: 'Image 1 for: First: a lighthouse in fog' })).toBeVisible();

  // 2. Ctrl+Enter in the prompt sends the form (no new line typed).
  await prompt.fill('Second: a red kite over dunes');
  await prompt.press('Control+Enter');
  await expect(page.getByRole('status').getByText(/Sending the task…|Generating 1 image/)).toBeVisible();
  await expect(prompt).toHaveValue('Second: a red kite over dunes');
  await expectGenerationSettled(page, results.getByRole('img', { name: 'Image 1 for: Second: a red kite over dunes' }));
  await expectWhollyInView(page, results);

  // 3. ⌘+Enter from another field of the form (a radio, where Enter alone sends nothing).
  await prompt.fill('Third: a glass teapot on a windowsill');
  await form(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('radio', { name: '16:9' }).check();
  await form(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('radio', { name: '16:9' }).press('Meta+Enter');
  await expectGenerationSettled(page, results.getByRole('img', { name: 'Image 1 for: Third: a glass teapot on a windowsill' }));
  await expectWhollyInView(page, results);

  // Three runs, three thumbnails, newest first; an earlier one shows its result again, wholly in view, the form untouched.
  await expect
    .poll(() => stripPrompts(page))
    .toEqual(['Third: a glass teapot on a windowsill', 'Second: a red kite over dunes', 'First: a lighthouse in fog']);
  const strip = sessionStrip(page);
  await strip.getByRole('button', { name: 'Show the result of “First: a lighthouse in fog”' }).click();
  await expect(results.getByRole('img', { name: 'Image 1 for: First: a lighthouse in fog' })).toBeVisible();
  await expect(results.getByText('An earlier result of this visit, shown again.')).toBeVisible();
  await expectWhollyInView(page, results);
  await expect(strip.getByRole('button', { name: 'Show the result of “First: a lighthouse in fog”' })).toHaveAttribute('aria-current', 'true');
  await expect(prompt).toHaveValue('Third: a glass teapot on a windowsill');

  // The full history is one click away; coming back keeps the strip; a reload clears it.
  await strip.getByRole('link', { name: 'Full history' }).click();
  await expect(page.getByRole('row', { name: /First: a lighthouse in fog/ })).toHaveCount(1);
  await page.getByRole('banner').getByRole('link', { name: 'Playground' }).click();
  await expect.poll(() => stripPrompts(page)).toHaveLength(3);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready');
  await expect(form(page).getByRole('button', { name: 'Generate', exact: true })).toBeVisible();
  await expect(sessionStrip(page)).toHaveCount(0);
});

test('a failed check focuses the first field to change, scrolled into view, with its message as its description', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWithNewAccount(page, '', '/playground/flux');
  const prompt = form(page).getByLabel('Prompt');
  const generate = form(page).getByRole('button', { name: 'Generate', exact: true });
  await form(page).getByRole('button', { name: 'Add an image address' }).click();
  const address = form(page).getByRole('textbox', { name: 'Image address 1' });
  await address.fill('not a url');
  // Scrolled down to the form's end, the prompt out of sight, then Generate.
  await address.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect(prompt).not.toBeInViewport();
  await generate.click();
  await expect(prompt).toBeFocused();
  await expect(prompt).toBeInViewport({ ratio: 1 });
  expect(await isUncovered(prompt)).toBe(true);
  await expect(prompt).toHaveAccessibleDescription(/Describe the image you want\./);

  // With the prompt right, the wrong address is the first field: it takes the focus, with its own message.
  await prompt.fill('A bridge at night');
  await generate.click();
  await expect(address).toBeFocused();
  await expect(address).toBeInViewport({ ratio: 1 });
  await expect(address).toHaveAccessibleDescription(/Enter a full image address/);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true });

  test('Generate and the cost stay in a bar at the bottom that covers no field; a result lands wholly in view', async ({ page }) => {
    // On a phone's screen from the first page on.
    await installTaskClock(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await openWithNewAccount(page, '', '/playground/flux');
    const bar = page.getByTestId('generate-bar');
    const generate = bar.getByRole('button', { name: 'Generate', exact: true });
    await expect(generate).toBeInViewport({ ratio: 1 });
    await expect(bar.getByText('Costs 2 credits')).toBeInViewport();
    expect(await isUncovered(generate)).toBe(true);

    // Every control of the form, reached in turn, shows clear of the bar (and of the header).
    await form(page).getByLabel('Prompt').focus();
    const seen: string[] = [];
    for (let step = 0; step < 30; step += 1) {
      const focused = page.locator(':focus');
      const inForm = await focused.evaluate((element) => element.closest('form[aria-label="Generation settings"]') !== null);
      if (!inForm) break;
      const name = await focused.evaluate((element) => element.getAttribute('aria-label') ?? element.id ?? element.tagName);
      seen.push(name);
      await expect(focused, `${name} is on screen`).toBeInViewport({ ratio: 1 });
      expect(await isUncovered(focused), `${name} is not under the bar or anything else`).toBe(true);
      await page.keyboard.press('Tab');
    }
    // The prompt, the model, the ratio, the count, the watermark, the add button and Generate at least.
    expect(seen.length).toBeGreaterThanOrEqual(7);

    await fillForm(page, { prompt: 'A tram in the rain' });
    await generate.click();
    const results = page.getByRole('region', { name: '1 image ready' });
    await expectGenerationSettled(page, results);
    await expectWhollyInView(page, results);
  });
});

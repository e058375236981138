import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { test, expect } from './fixtures';
import { openWithNewAccount } from './journeys';
import { expectGenerationSettled, installTaskClock } from './taskClock';

const MINUTE_MS = 60_000;

/** The time on the page's clock, which the demo server stamps its records with. */
function pageTime(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

function generations(page: Page): Locator {
  return page.getByRole('region', { name: 'Generations' });
}

/** The table's body rows (the first row is the header). */
function recordRows(page: Page): Locator {
  return generations(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

test('history: an empty account is sent to the playground; many generations page by ten and filter by model and status', async ({
  page,
  openDemoControls,
}) => {
  await openWithNewAccount(page);
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(generations(page).getByText('No generations yet.')).toBeVisible();
  await expect(generations(page).getByRole('link', { name: 'Make your first images in the playground' })).toBeVisible();

  const controls = await openDemoControls(page);
  await controls.getByRole('button', { name: 'Fill 90 days of sample usage' }).click();
  await expect(controls.getByText(/^Added \d+ usage records/)).toBeVisible();
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
  await generations(page).getByRole('button', { name: 'Refresh' }).click();

  const position = generations(page).getByText(/^Page \d+ of \d+ · \d+ in all$/);
  await expect(position).toHaveText(/^Page 1 of \d+/);
  await expect(recordRows(page)).toHaveCount(10);
  const firstOfPageOne = await recordRows(page).first().textContent();
  await generations(page).getByRole('button', { name: 'Next page' }).click();
  await expect(position).toHaveText(/^Page 2 of /);
  await expect(recordRows(page).first()).not.toHaveText(firstOfPageOne ?? '');
  const everything = Number(/ (\d+) in all$/.exec((await position.textContent()) ?? '')?.[1]);

  // A filter starts again from the first page, and every row it shows matches it.
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Model').selectOption({ label: 'Nano Banana Pro' });
  await expect(position).toHaveText(/^Page 1 of /);
  const maxOnly = Number(/ (\d+) in all$/.exec((await position.textContent()) ?? '')?.[1]);
  expect(maxOnly).toBeGreaterThan(0);
  expect(maxOnly).toBeLessThan(everything);
  for (const row of await recordRows(page).all()) await expect(row.getByRole('cell').nth(3)).toHaveText('Nano Banana Pro');

  await page.getByRole('group', { name: 'Filters' }).getByLabel('Status').selectOption({ label: 'Failed' });
  // Already on page 1: the total tells that the filtered answer has arrived (failures are a minority).
  await expect(position).not.toHaveText(new RegExp(` ${maxOnly} in all$`));
  await expect(position).toHaveText(/^Page 1 of /);
  await expect(recordRows(page).first()).toBeVisible();
  for (const row of await recordRows(page).all()) {
    await expect(row.getByRole('cell').nth(3)).toHaveText('Nano Banana Pro');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Failed');
    // A failed task is refunded in full: it shows what came back.
    await expect(row.getByRole('cell').nth(5)).toContainText('refunded');
  }

  // Back to everything.
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Model').selectOption({ label: 'All models' });
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Status').selectOption({ label: 'All statuses' });
  await expect(position).toHaveText(new RegExp(`^Page 1 of \\d+ · ${everything} in all$`));
});

/** The local calendar day `days` days before today, as a date field takes it. */
function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function totalOf(text: string | null): number {
  return Number(/ (\d+) in all$/.exec(text ?? '')?.[1]);
}

/** A new account with 90 days of sample usage, on its history page. */
async function historyWithSampleUsage(page: Page, openDemoControls: (page: Page) => Promise<Locator>): Promise<Locator> {
  await openWithNewAccount(page);
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(generations(page).getByText('No generations yet.')).toBeVisible();
  const controls = await openDemoControls(page);
  await controls.getByRole('button', { name: 'Fill 90 days of sample usage' }).click();
  await expect(controls.getByText(/^Added \d+ usage records/)).toBeVisible();
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
  await generations(page).getByRole('button', { name: 'Refresh' }).click();
  const position = generations(page).getByText(/^Page \d+ of \d+ · \d+ in all$/);
  await expect(position).toHaveText(/^Page 1 of \d+/);
  return position;
}

test('history: the prompt search, the model filter and the date range live in the address, survive a reload, and back and forward walk them', async ({
  page,
  openDemoControls,
}) => {
  const position = await historyWithSampleUsage(page, openDemoControls);
  const everything = totalOf(await position.textContent());
  const filters = page.getByRole('group', { name: 'Filters' });
  const searchBox = page.getByRole('search', { name: 'Search prompts' }).getByRole('searchbox', { name: 'Search prompts' });

  // The search reads the prompts (the list call cannot: the browser goes through the records).
  await searchBox.fill('FOX');
  await searchBox.press('Enter');
  await expect(page).toHaveURL(/\/recent-history\?q=FOX$/);
  await expect(position).not.toHaveText(new RegExp(` ${everything} in all$`));
  const foxes = totalOf(await position.textContent());
  expect(foxes).toBeGreaterThan(0);
  for (const row of await recordRows(page).all())
    await expect(row.getByRole('cell').nth(2)).toHaveText('Watercolor fox reading a book under a maple tree');

  await filters.getByLabel('Model').selectOption({ label: 'Nano Banana' });
  await expect(page).toHaveURL(/\?q=FOX&model=nano-banana$/);
  await expect(position).not.toHaveText(new RegExp(` ${foxes} in all$`));
  const cheapFoxes = totalOf(await position.textContent());
  for (const row of await recordRows(page).all()) await expect(row.getByRole('cell').nth(3)).toHaveText('Nano Banana');

  // The last three weeks but the newest three days: each row's link is 3 to 21 days old.
  await filters.getByLabel('From').fill(daysAgo(21));
  await expect(page).toHaveURL(new RegExp(`&from=${daysAgo(21)}$`));
  await expect(position).not.toHaveText(new RegExp(` ${cheapFoxes} in all$`));
  await filters.getByLabel('To').fill(daysAgo(4));
  await expect(page).toHaveURL(new RegExp(`&from=${daysAgo(21)}&to=${daysAgo(4)}$`));
  const ranged = generations(page).getByText(/^Page \d+ of \d+ · \d+ in all$/);
  await expect(async () => {
    // A failed task has no images, so no link age: the others tell the range.
    const ages = (await recordRows(page).allTextContents()).flatMap((text) => {
      const days = /Link age: (\d+) days?/.exec(text)?.[1];
      return days === undefined ? [] : [Number(days)];
    });
    expect(ages.length).toBeGreaterThan(0);
    // From the end of the range's last day (3 days ago at least) to the start of its first (22 days at most).
    for (const age of ages) {
      expect(age).toBeGreaterThanOrEqual(3);
      expect(age).toBeLessThanOrEqual(22);
    }
  }).toPass();
  const inRange = totalOf(await ranged.textContent());
  expect(inRange).toBeLessThanOrEqual(cheapFoxes);

  // A reload keeps all of it: the fields show it and the list is the same.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await expect(position).toHaveText(new RegExp(` ${inRange} in all$`));
  await expect(searchBox).toHaveValue('FOX');
  await expect(filters.getByLabel('Model')).toHaveValue('nano-banana');
  await expect(filters.getByLabel('From')).toHaveValue(daysAgo(21));
  await expect(filters.getByLabel('To')).toHaveValue(daysAgo(4));

  // Back undoes one filter at a time; forward does it again.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`&from=${daysAgo(21)}$`));
  await expect(filters.getByLabel('To')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\?q=FOX&model=nano-banana$/);
  await expect(position).toHaveText(new RegExp(` ${cheapFoxes} in all$`));
  await page.goBack();
  await expect(page).toHaveURL(/\?q=FOX$/);
  await expect(filters.getByLabel('Model')).toHaveValue('');
  await expect(position).toHaveText(new RegExp(` ${foxes} in all$`));
  await page.goForward();
  await expect(page).toHaveURL(/\?q=FOX&model=nano-banana$/);
  await expect(position).toHaveText(new RegExp(` ${cheapFoxes} in all$`));

  // Clearing the filters keeps the view and shows everything again.
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/recent-history$/);
  await expect(searchBox).toHaveValue('');
  await expect(position).toHaveText(new RegExp(` ${everything} in all$`));
});

test('history: the gallery shows every image of a 4-image task; the lightbox moves with the arrow keys, keeps focus, closes on Escape, and "Use these settings" fills the playground', async ({
  page,
}) => {
  await installTaskClock(page);
  await openWithNewAccount(page);
  await page.getByRole('banner').getByRole('link', { name: 'Playground' }).click();
  const form = page.getByRole('form', { name: 'Generation settings' });
  await form.getByRole('group', { name: 'Model' }).getByRole('radio', { name: 'Nano Banana', exact: true }).check();
  const prompt = 'Four lighthouses on a rocky coast at dawn';
  await form.getByLabel('Prompt').fill(prompt);
  await form.getByRole('group', { name: 'Aspect ratio' }).getByRole('radio', { name: '16:9' }).check();
  await form.getByRole('group', { name: 'Number of images' }).getByRole('radio', { name: '4' }).check();
  // The demo server stamps the task with the page's clock, between these two readings of it.
  const beforeGenerate = await pageTime(page);
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  await expectGenerationSettled(page, page.getByRole('region', { name: '4 images ready' }));
  const afterSettled = await pageTime(page);
  expect(afterSettled - beforeGenerate, 'the generation took under a minute on the page clock').toBeLessThan(MINUTE_MS);
  // History opens, and counts link ages from, 8 minutes less a millisecond after the click: a task stamped within
  // the minute after the click has links 7 minutes old.
  await page.clock.setFixedTime(beforeGenerate + 8 * MINUTE_MS - 1);

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await page.getByRole('group', { name: 'View' }).getByRole('radio', { name: 'Gallery' }).check();
  await expect(page).toHaveURL(/\/recent-history\?view=gallery$/);
  const card = page.getByRole('list', { name: 'Gallery' }).getByRole('listitem').first();
  await expect(card).toContainText(prompt);
  const thumbnails = card.getByRole('button', { name: /^Open image \d of 4 from / });
  await expect(thumbnails).toHaveCount(4);
  // Each one a picture that loaded, not a placeholder (decorative: the button around it names it).
  const pictures = card.locator('img');
  await expect(pictures).toHaveCount(4);
  for (const picture of await pictures.all()) await expect(picture).toHaveJSProperty('complete', true);
  for (const picture of await pictures.all()) expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByText('Link age: 7 minutes', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('May have expired');

  await thumbnails.nth(1).click();
  const lightbox = page.getByRole('dialog', { name: 'Image 2 of 4' });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByRole('img', { name: prompt })).toBeVisible();
  await expect(lightbox).toContainText('Nano Banana');
  await expect(lightbox).toContainText('16:9');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Image 3 of 4' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Image 1 of 4' })).toBeVisible();
  // From the first, left goes round to the last.
  await page.keyboard.press('ArrowLeft');
  const last = page.getByRole('dialog', { name: 'Image 4 of 4' });
  await expect(last).toBeVisible();
  // Focus stays in the dialog however far one tabs.
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(last).toBeHidden();
  // Back where it was opened from.
  await expect(thumbnails.nth(1)).toBeFocused();

  await thumbnails.nth(3).click();
  await page.getByRole('dialog', { name: 'Image 4 of 4' }).getByRole('link', { name: 'Use these settings' }).click();
  await expect(page).toHaveURL(/\/playground\/flux\?/);
  await expect(form.getByLabel('Prompt')).toHaveValue(prompt);
  await expect(form.getByRole('group', { name: 'Model' }).getByRole('radio', { name: 'Nano Banana', exact: true })).toBeChecked();
  await expect(form.getByRole('group', { name: 'Aspect ratio' }).getByRole('radio', { name: '16:9' })).toBeChecked();
  await expect(form.getByRole('group', { name: 'Number of images' }).getByRole('radio', { name: '4' })).toBeChecked();
});

test('history: an old task warns that its link may have expired; three selected download as one ZIP, and the expired one is listed as failed', async ({
  page,
  openDemoControls,
}) => {
  const position = await historyWithSampleUsage(page, openDemoControls);
  const filters = page.getByRole('group', { name: 'Filters' });

  // Two of yesterday's tasks: their links are fresh.
  const fresh = recordRows(page).filter({ has: page.getByRole('checkbox') });
  await expect(fresh.first()).not.toContainText('May have expired');
  await fresh.nth(0).getByRole('checkbox').check();
  await fresh.nth(1).getByRole('checkbox').check();

  // Three weeks old: past the 14 days the API keeps result files.
  await filters.getByLabel('To').fill(daysAgo(21));
  await expect(position).toHaveText(/^Page 1 of /);
  const old = recordRows(page)
    .filter({ has: page.getByRole('checkbox') })
    .first();
  await expect(old).toContainText('May have expired: result files are kept about 14 days.');
  await expect(old).toContainText(/Link age: (1[4-9]|[2-9]\d) days/);
  await old.getByRole('checkbox').check();

  const panel = page.getByRole('region', { name: 'Download as ZIP' });
  await expect(panel).toContainText('3 generations selected');
  const imageCount = Number(/\((\d+) images?\)/.exec((await panel.textContent()) ?? '')?.[1]);
  expect(imageCount).toBeGreaterThanOrEqual(3);

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download ZIP' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nano-banana-images-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = unzipSync(new Uint8Array(await readFile(await download.path())));

  // What failed is listed, each with why; the rest is in the ZIP.
  const failed = panel.getByRole('list', { name: 'Images that could not be fetched' }).getByRole('listitem');
  await expect(failed.first()).toContainText('The link has expired or the file is gone (HTTP 404).');
  const failedNames = (await failed.allTextContents()).map((text) => text.split(':')[0] ?? '');
  const names = Object.keys(archive).sort();
  expect(names.length).toBe(imageCount - failedNames.length);
  expect(names.length).toBeGreaterThanOrEqual(2);
  await expect(panel.getByRole('status')).toHaveText(`ZIP saved with ${names.length} of ${imageCount} images. Not included:`);
  for (const name of names) {
    // Named by task and number, ending as the bytes are: real pictures of some size.
    expect(name).toMatch(/^[0-9a-f]{32}-[1-4]\.(png|jpg)$/);
    expect(failedNames).not.toContain(name.replace(/\.(png|jpg)$/, ''));
    const bytes = archive[name] ?? new Uint8Array();
    expect(bytes.length).toBeGreaterThan(1_000);
    const signature = [...bytes.subarray(0, 3)];
    expect(signature).toEqual(name.endsWith('.png') ? [0x89, 0x50, 0x4e] : [0xff, 0xd8, 0xff]);
    // The whole file the image host serves at that task's link, byte for byte in size.
    const [taskId, number] = name.replace(/\.(png|jpg)$/, '').split('-');
    const served = await page.evaluate(async (path) => (await (await fetch(path)).arrayBuffer()).byteLength, `/demo-results/${taskId}/${number}`);
    expect(bytes.length).toBe(served);
  }
  // The old task's images, and only they, failed: one task's images share its id.
  expect(new Set(failedNames.map((name) => name.replace(/-\d$/, ''))).size).toBe(1);
});

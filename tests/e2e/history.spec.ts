import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openWithNewAccount } from './journeys';

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
  for (const row of await recordRows(page).all()) await expect(row.getByRole('cell').nth(2)).toHaveText('Nano Banana Pro');

  await page.getByRole('group', { name: 'Filters' }).getByLabel('Status').selectOption({ label: 'Failed' });
  // Already on page 1: the total tells that the filtered answer has arrived (failures are a minority).
  await expect(position).not.toHaveText(new RegExp(` ${maxOnly} in all$`));
  await expect(position).toHaveText(/^Page 1 of /);
  await expect(recordRows(page).first()).toBeVisible();
  for (const row of await recordRows(page).all()) {
    await expect(row.getByRole('cell').nth(2)).toHaveText('Nano Banana Pro');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Failed');
    // A failed task is refunded in full: it shows what came back.
    await expect(row.getByRole('cell').nth(4)).toContainText('refunded');
  }

  // Back to everything.
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Model').selectOption({ label: 'All models' });
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Status').selectOption({ label: 'All statuses' });
  await expect(position).toHaveText(new RegExp(`^Page 1 of \\d+ · ${everything} in all$`));
});

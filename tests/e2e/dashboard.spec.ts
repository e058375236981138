import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openWithNewAccount } from './journeys';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

function usagePanel(page: Page) {
  return page.getByRole('region', { name: 'Usage' });
}
function recordsPanel(page: Page) {
  return page.getByRole('region', { name: 'Recent requests' });
}
/** The chart's numbers, as the table under it lists them: one row a bucket (the header row aside). */
async function bucketRows(page: Page) {
  const details = usagePanel(page).locator('details', { hasText: 'Show the numbers' });
  if (!(await details.evaluate((element: HTMLDetailsElement) => element.open))) await details.getByText('Show the numbers').click();
  return details.getByRole('table').locator('tbody tr');
}

test('overview: balance, no usage for a new account, then the chart by range, hour, metric and custom range, and paged records', async ({
  page,
  openDemoControls,
}) => {
  await openWithNewAccount(page);
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // The sign-up grant, and no discount for an ordinary account.
  await expect(page.getByTestId('credit-balance')).toHaveText('100');
  await expect(page.getByRole('heading', { name: 'Discount' }).locator('..')).toContainText('None');
  await expect(usagePanel(page).getByText('No requests in the last 30 days.')).toBeVisible();
  await expect(recordsPanel(page).getByText('No requests yet.')).toBeVisible();

  const controls = await openDemoControls(page);
  await controls.getByRole('button', { name: 'Fill 90 days of sample usage' }).click();
  await expect(controls.getByText(/^Added \d+ usage records/)).toBeVisible();
  await page.reload();

  // 30 days by day: one bar a day, today included.
  const usage = usagePanel(page);
  await expect(usage.getByText(/credits · \d[\d,]* requests in the last 30 days/)).toBeVisible();
  await expect(usage.getByRole('img', { name: /Bar chart of credits used per day, the last 30 days/ })).toBeVisible();
  await expect(await bucketRows(page)).toHaveCount(30);

  await usage.getByRole('radio', { name: '90 days', exact: true }).check();
  await expect(usage.getByText(/requests in the last 90 days/)).toBeVisible();
  await expect(await bucketRows(page)).toHaveCount(90);
  // Hourly buckets are for a week at most.
  await expect(usage.getByRole('radio', { name: /^By hour/ })).toBeDisabled();

  await usage.getByRole('radio', { name: '7 days', exact: true }).check();
  await expect(usage.getByText(/requests in the last 7 days/)).toBeVisible();
  await usage.getByRole('radio', { name: /^By hour/ }).check();
  await expect(usage.getByRole('img', { name: /per hour, the last 7 days/ })).toBeVisible();
  await expect(await bucketRows(page)).toHaveCount(7 * 24);

  await usage.getByRole('radio', { name: 'Requests', exact: true }).check();
  await expect(usage.getByRole('img', { name: /Bar chart of requests per hour/ })).toBeVisible();

  // Split by API key: the numbers get a column per key.
  await usage.getByLabel('Split by API key').check();
  await expect(usage.locator('details', { hasText: 'Show the numbers' }).getByRole('columnheader', { name: 'Default' })).toBeVisible();

  // A custom range: a backwards one is refused in words; a good one is drawn.
  await usage.getByText('Custom range').click();
  await usage.getByLabel('From').fill(utcDay(0));
  await usage.getByLabel('To').fill(utcDay(2));
  await usage.getByRole('button', { name: 'Show range' }).click();
  await expect(usage.getByText('The start date must be on or before the end date.')).toBeVisible();
  await usage.getByLabel('From').fill(utcDay(2));
  await usage.getByLabel('To').fill(utcDay(0));
  await usage.getByRole('button', { name: 'Show range' }).click();
  await expect(usage.getByRole('radio', { name: 'Custom', exact: true })).toBeChecked();
  await expect(await bucketRows(page)).toHaveCount(3 * 24);

  // Records, ten a page, newest first.
  const records = recordsPanel(page);
  const position = records.getByText(/^Page \d+ of \d+ · \d+ in all$/);
  await expect(position).toHaveText(/^Page 1 of /);
  await expect(records.getByRole('table').locator('tbody tr')).toHaveCount(10);
  const firstTime = await records.getByRole('table').locator('tbody tr').first().locator('td').first().textContent();
  await records.getByRole('button', { name: 'Next page' }).click();
  await expect(position).toHaveText(/^Page 2 of /);
  await expect(records.getByRole('table').locator('tbody tr').first().locator('td').first()).not.toHaveText(firstTime ?? '');
  await records.getByRole('button', { name: 'Previous page' }).click();
  await expect(position).toHaveText(/^Page 1 of /);
});

test('a page of records that fails to load keeps the page on screen, and the chart retries after a failure', async ({ page, openDemoControls }) => {
  await openWithNewAccount(page);
  const controls = await openDemoControls(page);
  await controls.getByRole('button', { name: 'Fill 90 days of sample usage' }).click();
  await page.goto('/dashboard');
  const records = recordsPanel(page);
  const position = records.getByText(/^Page \d+ of \d+ · \d+ in all$/);
  await expect(position).toHaveText(/^Page 1 of /);
  const firstRow = await records.getByRole('table').locator('tbody tr').first().textContent();

  await (await openDemoControls(page)).getByLabel(/Next call/i).selectOption({ label: 'Network failure' });
  await records.getByRole('button', { name: 'Next page' }).click();
  await expect(records.getByText(/That page could not be loaded: Could not reach the server/)).toBeVisible();
  await expect(position).toHaveText(/^Page 1 of /);
  await expect(records.getByRole('table').locator('tbody tr').first()).toHaveText(firstRow ?? '');
  await records.getByRole('button', { name: 'Next page' }).click();
  await expect(position).toHaveText(/^Page 2 of /);

  // The chart's call, named: with a balance of 0 the early-renewal offer may look up the last order meanwhile.
  const faults = await openDemoControls(page);
  // The call first, then the fault: no other call (a balance refresh) can meet the fault in between.
  await faults.getByLabel('Which call').selectOption({ label: 'POST /client/v1/dashboard/nanobanana/time-record' });
  await faults.getByLabel(/Next call/i).selectOption({ label: '500001' });
  const usage = usagePanel(page);
  await usage.getByRole('radio', { name: '7 days', exact: true }).check();
  // 500001 passes through to the caller: the chart says so and offers a retry.
  await expect(usage.getByRole('alert')).toBeVisible();
  await usage.getByRole('button', { name: 'Try again' }).click();
  await expect(usage.getByText(/requests in the last 7 days/)).toBeVisible();
});

test('settings: the credit alert is checked, saved and shown after a reload; a failed save keeps what was typed', async ({
  page,
  openDemoControls,
}) => {
  await openWithNewAccount(page, '', '/dashboard/settings');
  const alerts = page.getByRole('region', { name: 'Low-balance alert' });
  await expect(alerts.getByText('No alert is set up.')).toBeVisible();

  await alerts.getByRole('button', { name: 'Save alert' }).click();
  await expect(alerts.getByText('Enter the e-mail address that gets the alert.')).toBeVisible();
  await expect(alerts.getByLabel('Alert e-mail')).toBeFocused();
  await alerts.getByLabel('Alert e-mail').fill('billing@example.com');
  await alerts.getByLabel('Threshold (credits)').fill('12.5');
  await alerts.getByRole('button', { name: 'Save alert' }).click();
  await expect(alerts.getByText('Enter a whole number of credits from 1 to 1000000.')).toBeVisible();
  await alerts.getByLabel('Threshold (credits)').fill('500');

  // The server refuses once: the message says why, nothing typed is lost, and a retry saves it.
  const controls = await openDemoControls(page);
  await controls.getByLabel(/Next call/i).selectOption({ label: 'Network failure' });
  await alerts.getByRole('button', { name: 'Save alert' }).click();
  await expect(alerts.getByText(/Not saved: Could not reach the server/)).toBeVisible();
  await expect(alerts.getByLabel('Alert e-mail')).toHaveValue('billing@example.com');
  await expect(alerts.getByLabel('Threshold (credits)')).toHaveValue('500');
  await alerts.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Credit alert saved.')).toBeVisible();
  await expect(alerts.getByTestId('alert-current')).toHaveText('Alerts go to billing@example.com when the balance falls under 500 credits.');
  // 100 credits is under the new threshold: buying more is offered at once, and turned down here.
  const renewal = page.getByRole('dialog', { name: 'Your credits are running low' });
  await renewal.getByRole('button', { name: 'Not now' }).click();
  await expect(renewal).toBeHidden();

  // E-mail updates: on for a new account; switched off, it stays off after a reload.
  const updates = page.getByRole('region', { name: 'E-mail updates' });
  const subscribed = updates.getByRole('switch', { name: 'Product news, new models and offers' });
  await expect(subscribed).toBeChecked();
  await subscribed.uncheck();
  await expect(page.getByText('E-mail preference saved.')).toBeVisible();

  await page.reload();
  await renewal.getByRole('button', { name: 'Not now' }).click();
  await expect(alerts.getByTestId('alert-current')).toHaveText('Alerts go to billing@example.com when the balance falls under 500 credits.');
  await expect(alerts.getByLabel('Alert e-mail')).toHaveValue('billing@example.com');
  await expect(alerts.getByLabel('Threshold (credits)')).toHaveValue('500');
  await expect(subscribed).not.toBeChecked();
});

test('a reload that restores an out-of-date cached user still shows the settings the server has', async ({ page, openDemoControls }) => {
  await openWithNewAccount(page, '', '/dashboard/settings');
  const subscribed = page.getByRole('region', { name: 'E-mail updates' }).getByRole('switch', { name: 'Product news, new models and offers' });
  await subscribed.uncheck();
  await expect(page.getByText('E-mail preference saved.')).toBeVisible();
  // As a reload quicker than the refresh after a save would leave it: the cached copy still from before.
  await page.evaluate(() => {
    const cached = JSON.parse(localStorage.getItem('nanobanana.userInfo') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('nanobanana.userInfo', JSON.stringify({ ...cached, emailSubscriptionFlag: 1 }));
  });
  // A slow network: the page is there well before user-info answers.
  const controls = await openDemoControls(page);
  await controls.getByLabel('Latency (ms)').fill('2000');
  await page.reload();
  await expect(page.getByText('Loading your saved settings…')).toBeVisible();
  await expect(subscribed).not.toBeChecked();
});

test('IP whitelist: a bad line is named, a good list is saved and kept after a reload, an empty one means any address', async ({ page }) => {
  await openWithNewAccount(page, '', '/dashboard/api-keys');
  const whitelist = page.getByRole('region', { name: 'IP whitelist' });
  const current = whitelist.getByTestId('whitelist-current');
  await expect(current).toHaveText('No whitelist: calls from any IP address are accepted.');

  const field = whitelist.getByLabel('Addresses and ranges, one a line');
  await field.fill('203.0.113.7\nnot-an-ip\n2001:DB8:0:0:0:0:0:1');
  await whitelist.getByRole('button', { name: 'Save whitelist' }).click();
  await expect(whitelist.getByText('Line 2: “not-an-ip” is not an IPv4 or IPv6 address or a CIDR range.')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(current).toHaveText('No whitelist: calls from any IP address are accepted.');

  await field.fill('203.0.113.7\n198.51.100.0/24\n2001:DB8:0:0:0:0:0:1');
  await whitelist.getByRole('button', { name: 'Save whitelist' }).click();
  await expect(page.getByText('IP whitelist saved.')).toBeVisible();
  const allowed = whitelist.getByRole('list', { name: 'Allowed addresses' }).getByRole('listitem');
  await expect(allowed).toHaveText(['203.0.113.7', '198.51.100.0/24', '2001:db8::1']);

  await page.reload();
  await expect(allowed).toHaveText(['203.0.113.7', '198.51.100.0/24', '2001:db8::1']);
  await field.fill('');
  await whitelist.getByRole('button', { name: 'Save whitelist' }).click();
  await expect(current).toHaveText('No whitelist: calls from any IP address are accepted.');
  await page.reload();
  await expect(current).toHaveText('No whitelist: calls from any IP address are accepted.');
});

test('on a phone-sized screen the dashboard navigation reaches every page', async ({ page }) => {
  await openWithNewAccount(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the header's page links are in its menu, one row high; a link followed closes the menu.
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeHidden();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const [name, heading] of [
    ['API keys', 'API keys'],
    ['Billing', 'Billing'],
    ['Settings', 'Settings'],
    ['Overview', 'Overview'],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    // Nothing on the page is wider than the screen: only the tables scroll sideways, inside their frames.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, name).toBeLessThanOrEqual(0);
  }
});

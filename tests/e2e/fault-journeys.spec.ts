import type { Locator, Page } from '@playwright/test';
import { test, expect, openDemoControls } from './fixtures';
import { PASSWORD, expectSignedIn, signOut, openWithNewAccount, headerBalance } from './journeys';
import { expectGenerationSettled, installTaskClock } from './taskClock';

/**
 * The demo controls inject faults into one named call (401, a network failure, 500001, an answer lost after the
 * server acted) or slow every call down, in the four journeys that matter most; nothing typed or paid may be lost
 * on the way, and nothing may be bought or generated twice.
 */

type Fault = '401' | 'network' | '500001' | 'lostAnswer' | 'latency';
const FAULT_OPTIONS: Record<Exclude<Fault, 'latency'>, string> = {
  '401': '401',
  network: 'Network failure',
  '500001': '500001',
  lostAnswer: 'Answer lost (the server acts)',
};
const FAULT_STATUS: Record<Exclude<Fault, 'latency'>, string> = {
  '401': 'Next call: code 401',
  network: 'Next call: network failure',
  '500001': 'Next call: code 500001',
  lostAnswer: 'Next call: the server acts, then its answer is lost',
};
const LATENCY_MS = 1500;
const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
const EXPIRED_MESSAGE = 'Login has expired. Please login again';
const CODE_500001 = 'Demo controls: this call was answered with code 500001.';

/**
 * Arms a fault for the next call to `call` (its method and path, as the panel lists it) and checks that the panel
 * says so, then folds the panel away. Latency applies to every call.
 */
async function arm(page: Page, fault: Fault, call?: string) {
  const controls = await openDemoControls(page);
  if (fault === 'latency') {
    await controls.getByLabel('Latency (ms)').fill(String(LATENCY_MS));
    await expect(controls.getByText(`Latency: ${LATENCY_MS} ms`)).toBeVisible();
  } else {
    if (!call) throw new Error(`Aim the ${fault} fault at one call: the next call of any kind could take it`);
    // The call first: a fault armed without one is taken by whichever call comes next (a background read, say).
    await controls.getByLabel('Which call').selectOption({ label: call });
    await controls.getByLabel('Next call').selectOption({ label: FAULT_OPTIONS[fault] });
    await expect(controls.getByText(`${FAULT_STATUS[fault]}, when ${call.split(' ')[1]} is called`)).toBeVisible();
  }
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
}

/**
 * The armed fault was taken: the panel no longer reports it (the next arm would silently replace a fault that never
 * fired). For faults the user cannot see, such as a refused read the app retries.
 */
async function expectFaultFired(page: Page, what: string) {
  const controls = await openDemoControls(page);
  await expect(controls.getByText(/^Next call: normal/), `${what}: the armed fault was used`).toBeVisible();
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
}

async function noLatency(page: Page) {
  const controls = await openDemoControls(page);
  await controls.getByLabel('Latency (ms)').fill('0');
  await expect(controls.getByText(/Latency:/)).toHaveCount(0);
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
}

function modal(page: Page): Locator {
  return page.locator('dialog[open]');
}

async function signInAgain(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(page, email);
}

test('sign-in: a network failure, 500001 and 401 keep what was typed; with latency it waits, then signs in', async ({ page }) => {
  const email = await openWithNewAccount(page);
  await signOut(page, email);

  for (const [fault, message] of [
    ['network', NETWORK_MESSAGE],
    ['500001', CODE_500001],
    ['401', EXPIRED_MESSAGE],
  ] as const) {
    await arm(page, fault, 'POST /client/v1/user/login');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = modal(page);
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(message).first(), fault).toBeVisible();
    await expect(dialog.getByLabel('E-mail', { exact: true }), fault).toHaveValue(email);
    await expect(dialog.getByLabel('Password', { exact: true }), fault).toHaveValue(PASSWORD);
    await expect(dialog.getByRole('button', { name: 'Sign in' }), fault).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }

  await arm(page, 'latency');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = modal(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
  await expectSignedIn(page, email);
  await noLatency(page);
});

test('key creation: failures keep the name in the dialog; a 401 signs in again and carries on with it', async ({ page }) => {
  const email = await openWithNewAccount(page, '', '/dashboard/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  const keyRows = page.getByRole('table').locator('tbody tr');
  await expect(keyRows).toHaveCount(1);

  const cases: Array<[Fault, string, string]> = [
    ['network', 'Staging server', NETWORK_MESSAGE],
    ['500001', 'Batch jobs', CODE_500001],
  ];
  for (const [fault, name, message] of cases) {
    await arm(page, fault, 'POST /client/v1/user/addApiKey');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Key name').fill(name);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText(message).first(), fault).toBeVisible();
    await expect(dialog.getByLabel('Key name'), fault).toHaveValue(name);
    // The same dialog, the same name: this time it goes through.
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(created.getByLabel('New API key')).toHaveText(/^nb_[0-9a-f]{40}$/);
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
  }

  // A 401: the session ends, the page waits behind the sign-in with the dialog and its name, then carries on.
  await arm(page, '401', 'POST /client/v1/user/addApiKey');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Key name').fill('Mobile app');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText(EXPIRED_MESSAGE).first()).toBeVisible();
  // Away to another tab (a password manager, the mailbox) and back: the page behind the sign-in stays.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await signInAgain(page, email);
  await expect(dialog.getByLabel('Key name')).toHaveValue('Mobile app');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: /Mobile app/ })).toHaveCount(1);

  // Slow: the button says it is busy and one key is made.
  await arm(page, 'latency');
  await page.getByRole('button', { name: 'Create key' }).click();
  const slow = page.getByRole('dialog', { name: 'Create an API key' });
  await slow.getByLabel('Key name').fill('Slow network');
  await slow.getByRole('button', { name: 'Create key' }).click();
  await expect(slow.getByRole('button', { name: 'Create key' })).toHaveAttribute('aria-busy', 'true');
  await page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Done' }).click();
  await noLatency(page);
  await expect(keyRows).toHaveCount(5);
});

test('payment: a failed order creation charges nothing and a retry pays once; a 500001 or a 401 on the way back loses nothing paid', async ({
  page,
}) => {
  // Four payments, each through the provider's page and back.
  test.setTimeout(60_000);
  const email = await openWithNewAccount(page, '', '/dashboard/billing');
  const buy = page.getByRole('region', { name: 'Buy credits' });
  const orders = page.getByRole('region', { name: 'Orders' });
  const balance = (credits: string) => headerBalance(page, credits);
  await buy.getByRole('radio', { name: 'Creem', exact: true }).check();
  // The $50.00 package (the page starts from the smallest one).
  await buy.getByRole('radio', { name: /^5,000 credits/ }).check();
  const pay = buy.getByRole('button', { name: /^Pay \$[\d,.]+ with Creem$/ });

  // The order cannot be created: nothing charged, no order, and trying again pays once.
  await arm(page, 'network', 'POST /client/trade/creem/create-checkout-session');
  await pay.click();
  await expect(buy.getByText(NETWORK_MESSAGE)).toBeVisible();
  await expect(orders.getByText(/^No orders yet./)).toBeVisible();
  await buy.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buy.getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible();
  await expect(balance('5,350')).toBeVisible();

  // Back from the provider, the first look at the orders is refused (500001): the payment is still confirmed.
  await buy.getByRole('button', { name: 'Buy more credits' }).click();
  await arm(page, '500001', 'POST /client/v1/payOrder/getNanobananaAiPayOrderList');
  await pay.click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buy.getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible();
  await expect(balance('10,600')).toBeVisible();
  await expectFaultFired(page, 'a 500001 on the orders after paying');

  // Back from the provider, the session is refused (401): after signing in again, the payment completes.
  await buy.getByRole('button', { name: 'Buy more credits' }).click();
  await arm(page, '401', 'POST /client/v1/payOrder/getNanobananaAiPayOrderList');
  await pay.click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(EXPIRED_MESSAGE).first()).toBeVisible();
  await signInAgain(page, email);
  await expect(buy.getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible();
  await expect(balance('15,850')).toBeVisible();
  await orders.getByRole('button', { name: 'Refresh' }).click();
  await expect(orders.getByRole('table').locator('tbody tr td:nth-child(7)')).toHaveText(['Paid', 'Paid', 'Paid']);

  // Slow: the pay button waits, then the provider's page opens.
  await buy.getByRole('button', { name: 'Buy more credits' }).click();
  await arm(page, 'latency');
  await pay.click();
  // Creating the order takes a while, and the panel says so.
  await expect(buy.getByText('Creating your order…')).toBeVisible();
  await expect(page.getByText('Demo checkout — no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buy.getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible({ timeout: 15_000 });
  await noLatency(page);
});

test('generation: a refused progress read is a hiccup; a 401, a 500001 or a network failure on creating the task keeps the form; latency just waits', async ({
  page,
}) => {
  // Two generations, one of them with every call slowed down.
  test.setTimeout(60_000);
  await installTaskClock(page);
  await openWithNewAccount(page, '', '/playground/flux?prompt=Snowy%20mountain%20range%20at%20sunrise&wm=ACME');
  const form = page.getByRole('form', { name: 'Generation settings' });
  const generate = form.getByRole('button', { name: 'Generate', exact: true });
  const balance = (credits: string) => headerBalance(page, credits);

  await arm(page, '500001', 'GET /api/v1/nanobanana/record-info');
  await generate.click();
  await expectGenerationSettled(page, page.getByRole('region', { name: '1 image ready' }));
  await expect(balance('98')).toBeVisible();
  await expectFaultFired(page, 'a 500001 on a progress read');

  // A 401 from the task API means the key was refused (the session is fine): a toast says so. A 500001 is shown as the server put it.
  for (const [fault, message] of [
    ['401', 'Your API key was rejected. Check it on the API keys page.'],
    ['500001', CODE_500001],
    ['network', NETWORK_MESSAGE],
  ] as const) {
    await arm(page, fault, 'POST /api/v1/nanobanana/generate');
    await generate.click();
    const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'The task was not created' }) });
    await expect(page.getByText(message).first(), fault).toBeVisible();
    await expect(failure, fault).toBeVisible();
    // A refusal says so; a network failure first looks in the history, and finding nothing says it most likely never arrived.
    await expect(failure, fault).toContainText(
      fault === 'network' ? 'most likely never reached the server and nothing was charged' : 'Nothing was charged.',
    );
    await expect(form.getByLabel('Prompt'), fault).toHaveValue('Snowy mountain range at sunrise');
    await expect(form.getByLabel('Watermark (optional)'), fault).toHaveValue('ACME');
    await expect(balance('98'), fault).toBeVisible();
  }

  await arm(page, 'latency');
  await generate.click();
  await expect(page.getByRole('status').getByText('Sending the task…')).toBeVisible();
  await expectGenerationSettled(page, page.getByRole('region', { name: '1 image ready' }));
  await noLatency(page);
  await expect(balance('96')).toBeVisible();
});

test('payment: the order is created but its answer is lost; Try again finds that order, so one order is paid and credited once', async ({ page }) => {
  await openWithNewAccount(page, '', '/dashboard/billing');
  const buy = page.getByRole('region', { name: 'Buy credits' });
  const orders = page.getByRole('region', { name: 'Orders' });
  const balance = (credits: string) => headerBalance(page, credits);
  await expect(balance('100')).toBeVisible();
  await buy.getByRole('radio', { name: 'Creem', exact: true }).check();
  // The $50.00 package (the page starts from the smallest one).
  await buy.getByRole('radio', { name: /^5,000 credits/ }).check();

  // The server makes the order, then the connection drops: the page only sees a network failure.
  await arm(page, 'lostAnswer', 'POST /client/trade/creem/create-checkout-session');
  await buy.getByRole('button', { name: /^Pay \$[\d,.]+ with Creem$/ }).click();
  await expect(buy.getByText(NETWORK_MESSAGE)).toBeVisible();
  await expectFaultFired(page, 'the lost answer of the order creation');
  // The order exists on the server already.
  await orders.getByRole('button', { name: 'Refresh' }).click();
  await expect(orders.getByRole('table').locator('tbody tr')).toHaveCount(1);

  // Trying again sends the same purchase's key: the server hands back that order instead of making a second one.
  await buy.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Demo checkout — no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buy.getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible();
  await expect(balance('5,350')).toBeVisible();
  await orders.getByRole('button', { name: 'Refresh' }).click();
  await expect(orders.getByRole('table').locator('tbody tr td:nth-child(7)')).toHaveText(['Paid']);
});

test('generation: the task is created but its answer is lost; the page finds it in the history and shows its image, one task charged once', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await installTaskClock(page);
  await openWithNewAccount(page, '', '/playground/flux?prompt=Lighthouse%20in%20a%20winter%20storm');
  const form = page.getByRole('form', { name: 'Generation settings' });
  const balance = (credits: string) => headerBalance(page, credits);
  await expect(balance('100')).toBeVisible();

  await arm(page, 'lostAnswer', 'POST /api/v1/nanobanana/generate');
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  // No answer: the page looks in the history before it offers to send the request again.
  await expect(page.getByRole('status').getByText('Looking for the task in your history…', { exact: false })).toBeVisible();
  await expectGenerationSettled(page, page.getByRole('region', { name: '1 image ready' }));
  await expect(page.getByRole('region', { name: '1 image ready' }).getByRole('img').first()).toBeVisible();
  await expect(balance('98')).toBeVisible();

  // One task in the history, charged once.
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const rows = page
    .getByRole('region', { name: 'Generations' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Lighthouse in a winter storm');
  await expect(rows.first()).toContainText('Succeeded');
  await expect(balance('98')).toBeVisible();
});

import type { Locator, Page } from '@playwright/test';
import { test, expect, openDemoControls } from './fixtures';
import { PASSWORD, expectSignedIn, fillSignUp, loginDialog, openWithNewAccount, signOut, uniqueEmail } from './journeys';
import { expectGenerationSettled, installTaskClock } from './taskClock';

function welcome(page: Page): Locator {
  return page.getByRole('region', { name: 'Welcome aboard: your API key is ready' });
}

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe('a new account lands on its welcome', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('"Get API key" and sign-up: the primary key masked with Copy, the free credits, the playground and the first curl with the key; the code toast is gone', async ({
    page,
    openApp,
  }) => {
    await openApp(page);
    const email = uniqueEmail();
    await fillSignUp(page, email);
    await expect(page.getByText(/Demo mailbox: your code is \d{6}/)).toBeVisible();
    await loginDialog(page).getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard\?welcome$/);
    await expectSignedIn(page, email);
    const panel = welcome(page);
    await expect(panel).toBeVisible();
    // The code has made the account: its toast closes at once (it would otherwise stay for 30 s).
    await expect(page.getByText(/Demo mailbox: your code is/)).toHaveCount(0);

    // The key: masked on screen, in full on the clipboard.
    const shown = panel.getByTestId('welcome-key');
    await expect(shown).toHaveText(/^\S{6}…\S{4}$/);
    await panel.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText('API key copied. Keep it secret.')).toBeVisible();
    let key = '';
    await expect
      .poll(async () => {
        key = await clipboard(page);
        return key;
      })
      .toMatch(/^\S{12,}$/);
    await expect(shown).toHaveText(`${key.slice(0, 6)}…${key.slice(-4)}`);
    await expect(panel.getByText(key)).toHaveCount(0);
    // It is the account's primary key.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API keys' }).click();
    await page
      .getByRole('table')
      .getByRole('row', { name: /Primary/ })
      .getByRole('button', { name: /^Copy key / })
      .click();
    await expect.poll(() => clipboard(page)).toBe(key);
    await page.goBack();

    // The free credits, and the balance they make.
    await expect(welcome(page).getByTestId('welcome-credits')).toHaveText('100 free credits');
    await expect(welcome(page)).toContainText('Your balance: 100.');

    // The two next steps: the playground, and the first call with the key (masked on screen, real when copied).
    await expect(welcome(page).getByRole('link', { name: 'Open the playground' })).toHaveAttribute('href', '/playground/flux');
    const curl = welcome(page).getByLabel('Your first call (curl)', { exact: true });
    await expect(curl).toContainText(`Authorization: Bearer ${key.slice(0, 6)}…${key.slice(-4)}`);
    await welcome(page).getByRole('button', { name: 'Copy Your first call (curl)' }).click();
    await expect.poll(() => clipboard(page)).toContain(`Authorization: Bearer ${key}`);
    expect(await clipboard(page)).toContain('/api/v1/nanobanana/generate');

    // Closed, the overview is as every later visit shows it.
    await welcome(page).getByRole('button', { name: 'Close the welcome' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(welcome(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });

  test('a returning sign-in stays on the page it was made from', async ({ page, openApp }) => {
    const email = await openWithNewAccount(page);
    await signOut(page, email);
    await openApp(page, '/get-started');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = loginDialog(page);
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page, email);
    await expect(page).toHaveURL(/\/get-started$/);
    await expect(welcome(page)).toHaveCount(0);
  });
});

test('signing out on the dashboard goes to the home page, with no sign-in modal', async ({ page }) => {
  const email = await openWithNewAccount(page, '', '/dashboard/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await signOut(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Image generation for your product, one API call away' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('model prices read as a list with units', () => {
  const FAQ_PRICES = {
    en: 'Nano Banana: 2 credits, Nano Banana 2: 4–9 credits, and Nano Banana Pro: 9–12 credits',
    de: 'Nano Banana: 2 Credits, Nano Banana 2: 4–9 Credits und Nano Banana Pro: 9–12 Credits',
  };
  const GET_STARTED_PRICES = {
    en: 'Lowest price per image: Nano Banana: 2 credits, Nano Banana 2: 4 credits, and Nano Banana Pro: 9 credits. At 4K: Nano Banana 2: 9 credits and Nano Banana Pro: 12 credits.',
    de: 'Niedrigster Preis pro Bild: Nano Banana: 2 Credits, Nano Banana 2: 4 Credits und Nano Banana Pro: 9 Credits. Bei 4K: Nano Banana 2: 9 Credits und Nano Banana Pro: 12 Credits.',
  };

  for (const locale of ['en', 'de'] as const) {
    test(`in ${locale}: the landing FAQ and get-started`, async ({ page, openApp }) => {
      await page.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
      await openApp(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const credit = page
        .locator('details')
        .filter({ hasText: locale === 'en' ? 'What is a credit?' : /Credit/ })
        .first();
      await credit.locator('summary').click();
      await expect(credit).toContainText(FAQ_PRICES[locale]);
      await expect(credit).not.toContainText(/Nano Banana 2 \d/);

      await openApp(page, '/get-started');
      await expect(page.getByText(GET_STARTED_PRICES[locale])).toBeVisible();
    });
  }

  test('the FAQ says how long results are kept and the rate limit', async ({ page, openApp }) => {
    await openApp(page);
    const kept = page.locator('details').filter({ hasText: 'How long are results kept?' });
    await kept.locator('summary').click();
    await expect(kept).toContainText('original image link works for about 10 minutes');
    await expect(kept).toContainText('is deleted after 14 days');
    const limits = page.locator('details').filter({ hasText: 'How do API keys and rate limits work?' });
    await limits.locator('summary').click();
    await expect(limits).toContainText('up to 20 new generation tasks every 10 seconds');
    await expect(limits).toContainText('refused with code 429 and not queued');
  });
});

test('a refunded task shows the same credits in recent requests and in the history', async ({ page }) => {
  await installTaskClock(page);
  await openWithNewAccount(page, '', '/playground/flux');
  const controls = await openDemoControls(page);
  await controls.getByLabel('Generation failure rate (%)').fill('100');
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
  const form = page.getByRole('form', { name: 'Generation settings' });
  await form.getByLabel('Prompt').fill('Lantern festival over a river');
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  await expectGenerationSettled(page, page.getByRole('heading', { name: 'The model could not make these images' }));

  const figure = '0 credits (2 refunded)';
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const historyRow = page.getByRole('row', { name: /Lantern festival over a river/ });
  await expect(historyRow.getByRole('cell', { name: figure, exact: true })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  const recent = page.getByRole('table', { name: 'Recent requests' });
  await expect(recent.getByRole('row').nth(1).getByRole('cell', { name: figure, exact: true })).toBeVisible();
  await expect(recent.getByRole('columnheader', { name: 'Refunded' })).toHaveCount(0);
});

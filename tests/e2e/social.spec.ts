import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectSignedIn, loginDialog, uniqueEmail } from './journeys';

async function openSignIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await expect(loginDialog(page).first()).toBeVisible();
}

function chooser(page: Page) {
  return page.getByRole('dialog', { name: 'Choose an account' });
}
function msPicker(page: Page) {
  return page.getByRole('dialog', { name: 'Pick an account' });
}

/** Uses "Use another account" in a demo picker, so each test signs in as its own fresh address. */
async function useAnotherAccount(picker: ReturnType<typeof chooser>, name: string, email: string) {
  await picker.getByRole('button', { name: 'Use another account' }).click();
  await picker.getByLabel('Name').fill(name);
  await picker.getByLabel('E-mail').fill(email);
  await picker.getByRole('button', { name: /^(Continue|Next|Sign in)$/ }).click();
}

test.describe('Google', () => {
  test('signs in through the account chooser; a new account is welcomed', async ({ page, openApp }) => {
    await openApp(page);
    await openSignIn(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const email = uniqueEmail('.g');
    await useAnotherAccount(chooser(page), 'Grace Hopper', email);
    await expect(page.getByText('Welcome! Your account is ready.')).toBeVisible();
    await expectSignedIn(page, email);
  });

  test('One Tap signs an anonymous visitor in', async ({ page, openApp }) => {
    await openApp(page);
    const card = page.getByRole('dialog', { name: 'Sign in with Google' });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /Continue as Demo User/ }).click();
    await expectSignedIn(page, 'demo.user@gmail.com');
    await expect(card).toBeHidden();
    // Signed in: One Tap stays away after a reload.
    await page.reload();
    await expectSignedIn(page, 'demo.user@gmail.com');
    await expect(card).toBeHidden();
  });

  test('a bot check on Google sign-in is verified, then the same sign-in is retried', async ({ page, openApp }) => {
    await openApp(page);
    await openSignIn(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const email = uniqueEmail('+botcheck');
    await useAnotherAccount(chooser(page), 'Bot Checked', email);
    const dialog = loginDialog(page).filter({ hasText: 'Confirm you are human' });
    await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'I am human' }).check();
    await expectSignedIn(page, email);
  });

  test('a failure of the Google sign-in library is logged, then the page reloads', async ({ page, openApp }) => {
    await openApp(page);
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    // A marker on the window survives anything but a reload.
    await page.evaluate(() => Object.assign(window, { qaMarker: true }));
    await openSignIn(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const reloaded = page.waitForEvent('load');
    await chooser(page).getByRole('button', { name: 'A sign-in library error' }).click();
    await reloaded;
    expect(logged.some((text) => text.includes('Google sign-in library error'))).toBe(true);
    expect(await page.evaluate(() => 'qaMarker' in window)).toBe(false);
  });

  test('a new visitor from a campaign signs up with its referral: utm_source&utm_medium and utm_term', async ({ page, openApp }) => {
    await openApp(page, '/?utm_source=x&utm_medium=y&utm_term=z');
    await openSignIn(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const request = page.waitForRequest((r) => r.url().includes('/client/v1/user/google-login'));
    await useAnotherAccount(chooser(page), 'Campaign Visitor', uniqueEmail('.utm'));
    const body = (await request).postData() ?? '';
    expect(body).toMatch(/name="referDomain"\r\n\r\nx&y\r\n/);
    expect(body).toMatch(/name="utmTerm"\r\n\r\nz\r\n/);
    await expect(page.getByText('Welcome! Your account is ready.')).toBeVisible();
    // The sign-up is counted once, and the stored referral is spent.
    const pushed = await page.evaluate(() => (window as unknown as { dataLayer?: Array<{ event?: string; method?: string }> }).dataLayer ?? []);
    expect(pushed.filter((e) => e.event === 'sign_up_success')).toEqual([expect.objectContaining({ method: 'Google' })]);
    expect(await page.evaluate(() => localStorage.getItem('nanobanana.referral'))).toBeNull();
  });
});

test.describe('Microsoft', () => {
  test('signs in through the account picker', async ({ page, openApp }) => {
    await openApp(page);
    await openSignIn(page);
    await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
    const email = uniqueEmail('.ms');
    await useAnotherAccount(msPicker(page), 'Ada Lovelace', email);
    await expectSignedIn(page, email);
  });

  test('a bot check on Microsoft sign-in is verified, then the same sign-in is retried', async ({ page, openApp }) => {
    await openApp(page);
    await openSignIn(page);
    await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
    const email = uniqueEmail('+botcheck');
    await useAnotherAccount(msPicker(page), 'Bot Checked', email);
    const dialog = loginDialog(page).filter({ hasText: 'Confirm you are human' });
    await dialog.getByRole('checkbox', { name: 'I am human' }).check();
    await expectSignedIn(page, email);
  });

  const errorPaths = [
    { simulate: 'Popup blocked', toast: 'The sign-in popup was blocked. Allow popups for this site and try again.' },
    { simulate: 'Interaction in progress', toast: 'A Microsoft sign-in is already in progress. Finish it or close its window first.' },
    { simulate: 'Service not ready', toast: 'The Microsoft sign-in service is not ready yet. Try again in a moment.' },
    { simulate: 'No ID token', toast: 'Microsoft did not return a valid sign-in token. Please try again.' },
    { simulate: 'Other error', toast: 'Demo: Microsoft returned an error' },
  ];
  for (const { simulate, toast } of errorPaths) {
    test(`"${simulate}" shows: ${toast}`, async ({ page, openApp }) => {
      await openApp(page);
      await openSignIn(page);
      const button = page.getByRole('button', { name: 'Continue with Microsoft' });
      await button.click();
      await msPicker(page).getByRole('button', { name: simulate }).click();
      await expect(page.getByText(toast)).toBeVisible();
      // The button is ready again for another try.
      await expect(button).toBeEnabled();
    });
  }

  test('cancelling the picker is only logged: no toast, the button is ready again', async ({ page, openApp }) => {
    await openApp(page);
    await openSignIn(page);
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    const button = page.getByRole('button', { name: 'Continue with Microsoft' });
    await button.click();
    await msPicker(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(button).toBeEnabled();
    await expect.poll(() => messages.some((m) => m.includes('cancelled'))).toBe(true);
    await expect(page.locator('[role=status]').filter({ hasText: /Microsoft/ })).toHaveCount(0);
  });

  test('when the sign-in service cannot start, the button says so and can retry', async ({ page, openApp }) => {
    await openApp(page);
    await page.evaluate(() => localStorage.setItem('nanobanana.demo.microsoftInitFails', '1'));
    await openSignIn(page);
    await expect(page.getByText('Microsoft sign-in could not start.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
    await page.evaluate(() => localStorage.removeItem('nanobanana.demo.microsoftInitFails'));
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled();
  });
});

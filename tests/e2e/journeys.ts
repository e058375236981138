import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { openApp, readMailboxCode } from './fixtures';

/** A fresh e-mail per test, so parallel tests never share an account. */
export function uniqueEmail(tag = ''): string {
  return `qa${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const PASSWORD = 'correct-horse-9';

export function loginDialog(page: Page) {
  return page.getByRole('dialog');
}

/** Opens the sign-up form, requests a code and fills the form; does not submit. Returns the e-mailed code. */
export async function fillSignUp(page: Page, email: string): Promise<string> {
  await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
  const dialog = loginDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = await readMailboxCode(page);
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  return code;
}

/** The header shows the account menu once signed in. */
export async function expectSignedIn(page: Page, email: string) {
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
}

export async function expectSignedOut(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
}

export async function signOut(page: Page, email: string) {
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectSignedOut(page);
}

/** Signs up a fresh account through the UI (no bot check) and leaves it signed in. Returns the code it used. */
export async function signUp(page: Page, email: string): Promise<string> {
  const code = await fillSignUp(page, email);
  await loginDialog(page).getByRole('button', { name: 'Create account' }).click();
  await expectSignedIn(page, email);
  return code;
}

/** Opens the landing page and signs up a fresh account there, left signed in. Returns its e-mail. */
export async function openWithNewAccount(page: Page, tag = ''): Promise<string> {
  await openApp(page);
  const email = uniqueEmail(tag);
  await signUp(page, email);
  // A new account lands on its welcome; its loads are done before the test goes on (a fault injected from the demo
  // controls afterwards is then met by the call the test means, not by one of the welcome's).
  await expect(page).toHaveURL(/\/dashboard\?welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome aboard: your API key is ready' })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  return email;
}

/** The balance the header shows (the account menu repeats it inside its closed popover). */
export function headerBalance(page: Page, credits: string) {
  return page
    .getByRole('banner')
    .getByTitle('Credit balance')
    .filter({ hasText: `${credits} credits` });
}

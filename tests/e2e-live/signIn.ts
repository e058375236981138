import { expect, type Locator, type Page } from '@playwright/test';

/** Signs in from the header's login modal with an e-mail and password; returns the modal, as the answer left it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  return dialog;
}

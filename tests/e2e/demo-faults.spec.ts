import { test, expect } from './fixtures';
import { PASSWORD, expectSignedIn, expectSignedOut, loginDialog, openWithNewAccount } from './journeys';

test('expiring the session from the demo controls signs the user out with the session-expired message', async ({ page, openDemoControls }) => {
  await openWithNewAccount(page);

  const controls = await openDemoControls(page);
  await controls.getByRole('button', { name: /Expire session/i }).click();
  // The next call that carries the token answers 401: reloading asks for the user again.
  await page.reload();
  await expect(page.getByText('Login has expired. Please login again')).toBeVisible();
  await expectSignedOut(page);
});

test('while a session is expired, the page on screen waits behind the sign-in, and another dashboard page asks to sign in', async ({
  page,
  openDemoControls,
}) => {
  const email = await openWithNewAccount(page, '', '/dashboard/api-keys');
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);

  const controls = await openDemoControls(page);
  await controls.getByRole('button', { name: /Expire session/i }).click();
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
  // Coming back to the tab asks for the user again: the answer is 401.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const expired = page.getByText('Login has expired. Please login again');
  await expect(expired).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Sign in', exact: true });
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The keys stay on screen, inert, for when the same account signs in again.
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);

  // Billing was never shown to this session: it loads nothing and asks to sign in (no second 401).
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText('Sign in to see your dashboard.')).toBeVisible();
  await expect(expired).toHaveCount(1);

  // As on any dashboard page opened signed out, the sign-in opens by itself.
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expectSignedIn(page, email);
  await expect(page.getByText('Sign in to see your dashboard.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Buy credits' })).toBeVisible();
});

test('a pass-through code on the user load shows no popup and keeps the cached user', async ({ page, openDemoControls }) => {
  const email = await openWithNewAccount(page);
  const controls = await openDemoControls(page);
  await controls.getByLabel(/Next call/i).selectOption({ label: '500001' });
  await expect(controls.getByText('Next call: code 500001')).toBeVisible();
  await page.reload();
  // 500001 passes through to the caller: the user load fails quietly and the cached user stays shown.
  await expectSignedIn(page, email);
  // The injected answer was used up by that one call, and no error toast was raised for it.
  await expect((await openDemoControls(page)).getByText('Next call: normal')).toBeVisible();
  await expect(page.locator('[role=status]').filter({ hasText: /500001|Server exception/ })).toHaveCount(0);
});

test('any other server code shows the server message and the form keeps its input', async ({ page, openApp, openDemoControls }) => {
  await openApp(page);
  const controls = await openDemoControls(page);
  await controls.getByLabel(/Next call/i).selectOption({ label: 'Custom code…' });
  await controls.getByLabel('Custom code', { exact: true }).fill('123456');
  await expect(controls.getByText('Next call: code 123456')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = loginDialog(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill('kept@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('kept-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/answered with code 123456/)).toBeVisible();
  await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue('kept@example.com');
});

test('a bot check can be required for every login from the demo controls', async ({ page, openApp, openDemoControls }) => {
  await openApp(page);
  const controls = await openDemoControls(page);
  await controls.getByLabel(/Require bot check/i).check();
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = loginDialog(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill('someone@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('whatever-123');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible();
});

import { test, expect } from './fixtures';
import { signOut, signUp, uniqueEmail } from './journeys';

test('signing in and out in one tab is reflected in the other open tab without a reload', async ({ context, openApp }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await openApp(first);
  await openApp(second);
  const email = uniqueEmail();

  await signUp(first, email);
  await expect(second.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();

  // The first tab is on its welcome, whose loads refresh the account: the sign-out is heard while a refresh is on
  // its way as well, and it is a sign-out (the refresh's answer, for an ended session, is not taken for an expiry).
  await signOut(second, email);
  await expect(first.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(first.getByRole('button', { name: `Account menu for ${email}` })).toBeHidden();
  await expect(first.getByText('Login has expired. Please login again')).toBeHidden();
});

test('a session that expires in one tab signs the other tab out too', async ({ context, openApp, openDemoControls }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await openApp(first);
  const email = uniqueEmail();
  await signUp(first, email);
  // The account menu shows the cached user at once, before the server has answered for this tab. Were that
  // answer to come after the expiry, this tab would find out first, and the first tab would have nothing to report.
  const secondTabConfirmed = second.waitForResponse((response) => response.url().endsWith('/client/v1/user/user-info'));
  await openApp(second);
  await expect(second.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  await secondTabConfirmed;

  const controls = await openDemoControls(first);
  await controls.getByRole('button', { name: /Expire session/i }).click();
  // The first tab finds out on its next call; the second follows it.
  await first.reload();
  await expect(first.getByText('Login has expired. Please login again')).toBeVisible();
  await expect(second.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

import { expect, openApp, test } from './fixtures';

/**
 * Parts of the app load when first needed. Offline (or after a new version is deployed), such a part may not
 * arrive: only that part says so and offers to try again; the rest of the page, and what was typed, stay.
 */

test.beforeEach(async ({ page }) => {
  // The browser never finds an idle moment, so nothing is fetched ahead of time: each part loads when it shows.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
});

test('offline, the sign-in dialog keeps Google and e-mail when the Microsoft button cannot load; once back online, Try again loads it with a fresh page', async ({
  page,
  context,
}) => {
  // Not a first visit to a public page, whose first action (the one that starts the app) fetches the sign-in's
  // parts too: here they wait for the click on Sign in, made offline.
  await openApp(page, '/docs');
  await context.setOffline(true);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in', exact: true });
  await expect(dialog.getByRole('alert')).toHaveText('Microsoft sign-in could not load. Check your connection. Try again');
  await expect(dialog.getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await dialog.getByLabel('E-mail', { exact: true }).fill('offline@example.com');

  // Still offline: trying again says the same.
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Microsoft sign-in could not load.');

  await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue('offline@example.com');

  // The browser keeps a script that failed as failed for the page's life: back online, Try again reloads it.
  await context.setOffline(false);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Try again' }).click()]);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('a page that cannot load offline says so; once online, the next link opens its page, and the failed page loads when opened again', async ({
  page,
  context,
}) => {
  await openApp(page, '/');
  await context.setOffline(true);
  const navigation = page.getByRole('banner').getByRole('navigation');
  await navigation.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();

  await context.setOffline(false);
  await navigation.getByRole('link', { name: 'Playground' }).click();
  await expect(page.getByRole('textbox', { name: /Prompt/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);

  await navigation.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /history/i })).toBeVisible();
});

import { test, expect, readMailboxCode } from './fixtures';
import { PASSWORD, uniqueEmail, openWithNewAccount, signUpThroughUi } from './journeys';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('API keys: create and copy a key, rename it, delete it after confirming, reset the primary key', async ({ page }) => {
  await openWithNewAccount(page);
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/dashboard\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  const table = page.getByRole('table');
  // A new account has its primary key.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Primary')).toBeVisible();

  // Create: the full key is shown in full, with copy (the list can copy it again later).
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Key name').fill('staging server');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const fullKey = dialog.getByLabel('New API key');
  await expect(fullKey).toHaveText(/^nb_[0-9a-f]{40}$/);
  const secret = (await fullKey.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(table.getByRole('row', { name: /staging server/ })).toBeVisible();
  // Listed masked, never in full.
  await expect(table.getByText(secret)).toHaveCount(0);

  // Rename.
  await page.getByRole('button', { name: 'Rename key staging server' }).click();
  await dialog.getByLabel('Key name').fill('production server');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(table.getByRole('row', { name: /production server/ })).toBeVisible();

  // Delete, with a confirmation naming the key; cancelling first keeps it.
  await page.getByRole('button', { name: 'Delete key production server' }).click();
  await expect(dialog.getByRole('heading', { name: 'Delete the key “production server”?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('row', { name: /production server/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete key production server' }).click();
  await dialog.getByRole('button', { name: 'Delete key' }).click();
  await expect(table.getByRole('row', { name: /production server/ })).toHaveCount(0);

  // Reset the primary key: its secret changes, and a reload shows the same.
  const primaryRow = table.getByRole('row', { name: /Primary/ });
  const before = await primaryRow.getByRole('code').or(primaryRow.locator('code')).first().textContent();
  await page.getByRole('button', { name: /^Reset key / }).click();
  await dialog.getByRole('button', { name: 'Reset key' }).click();
  await expect(page.getByText('Primary key reset. Update it wherever you use it.')).toBeVisible();
  await expect(primaryRow.locator('code')).not.toHaveText(before ?? '');
  const after = await primaryRow.locator('code').textContent();
  await page.reload();
  await expect(
    page
      .getByRole('table')
      .getByRole('row', { name: /Primary/ })
      .locator('code'),
  ).toHaveText(after ?? '');
});

test('an anonymous visitor of the dashboard sees the login modal, then the keys once signed in', async ({ page, openApp }) => {
  await openApp(page, '/dashboard/api-keys');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('E-mail', { exact: true }).fill(uniqueEmail());
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Verification code').fill(await readMailboxCode(page));
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  // A new account lands on its welcome, whatever page the sign-up began on; no reload: the keys page then shows the
  // new account's keys as soon as the session exists.
  await expect(page).toHaveURL(/\/dashboard\?welcome$/);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('table').getByText('Primary')).toBeVisible();
});

test('toasts never take a click meant for what lies under them, a dialog included', async ({ page }) => {
  // Through the UI: the sign-up's mailbox toast is the one under test.
  await signUpThroughUi(page);
  const toast = page.locator('[data-rht-toaster] [role=status]').first();
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  // What a click at the toast's middle reaches: never the toast.
  const reachesToast = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-rht-toaster]') != null, {
    x: (box?.x ?? 0) + (box?.width ?? 0) / 2,
    y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
  });
  expect(reachesToast).toBe(false);
});

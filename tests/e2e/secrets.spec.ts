import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, openDemoControls } from './fixtures';
import { loginDialog, openWithNewAccount } from './journeys';

const API_KEY = /nb_[0-9a-f]{40}/;

/** Everything this origin keeps in the browser: cookies, both Web Storages and every IndexedDB store, as text. */
async function everythingStored(page: Page, context: BrowserContext): Promise<string> {
  const inPage = await page.evaluate(async () => {
    const stores: Record<string, unknown> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name ?? '');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const all = db.transaction(name, 'readonly').objectStore(name).getAll();
        stores[`${info.name}/${name}`] = await new Promise((resolve) => {
          all.onsuccess = () => resolve(all.result);
        });
      }
      db.close();
    }
    // A CryptoKey shows what it is, never its bytes (it is not extractable): that is the point.
    const replacer = (_key: string, value: unknown) =>
      value instanceof CryptoKey ? `CryptoKey(${value.type}, extractable: ${String(value.extractable)})` : value;
    return JSON.stringify({ localStorage: { ...localStorage }, sessionStorage: { ...sessionStorage }, indexedDB: stores }, replacer);
  });
  return `${inPage}\n${JSON.stringify(await context.cookies())}`;
}

test('no API key sits in browser storage: not the primary key, not a new one, not after a reload', async ({ page, context }) => {
  const email = await openWithNewAccount(page);
  await page.goto('/dashboard/api-keys');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Key name').fill('ci');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const created = (await dialog.getByLabel('New API key').textContent()) ?? '';
  expect(created).toMatch(API_KEY);
  await dialog.getByRole('button', { name: 'Done' }).click();

  let stored = await everythingStored(page, context);
  // The account is cached (a reload shows it at once), its keys are not.
  expect(stored).toContain(email);
  expect(stored).not.toContain(created);
  expect(stored).not.toMatch(API_KEY);
  // The demo server's secret is a key object no script can read out.
  expect(stored).toContain('CryptoKey(secret, extractable: false)');

  await page.reload();
  await expect(page.getByRole('table').getByRole('row', { name: /ci/ })).toBeVisible();
  stored = await everythingStored(page, context);
  expect(stored).toContain(email);
  expect(stored).not.toMatch(API_KEY);

  const session = (await context.cookies()).find((cookie) => cookie.name === 'authorization');
  expect(session?.sameSite).toBe('Lax');
});

test('after a reload the key comes back with the account; when it cannot, the playground says so and tries again', async ({ page }) => {
  // A new account lands on its welcome; the playground is opened from there.
  await openWithNewAccount(page);
  await page.getByRole('link', { name: 'Playground' }).first().click();
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeVisible();

  const controls = await openDemoControls(page);
  await controls.getByLabel('Which call').selectOption({ label: 'GET /client/v1/user/user-info' });
  await controls.getByLabel('Next call').selectOption({ label: 'Network failure' });
  await expect(controls.getByText('Next call: network failure, when /client/v1/user/user-info is called')).toBeVisible();
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();

  // The armed failure survives the reload and takes the account read: the cached account shows, its key cannot.
  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: 'Your API key could not be loaded. Check your connection and try again.' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeVisible();
  await expect(page.getByText('You need an API key to generate.')).toHaveCount(0);
});

test('a sign-in that comes back from another site still finds its session (SameSite=Lax: WebKit hides Strict cookies from such a page)', async ({
  page,
  baseURL,
}) => {
  const email = await openWithNewAccount(page);
  // A page of another site linking back, as a payment provider's or Discord's return does.
  await page.route('https://return.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><a href="${baseURL ?? ''}/dashboard">Back to the dashboard</a>` }),
  );
  await page.goto('https://return.example/');
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
});

test('with cookies blocked, sign-in says cookies are needed and sends nothing', async ({ page, openApp }) => {
  await page.addInitScript(() => {
    // A browser that drops this site's cookies silently (a blocking setting or extension).
    Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get: () => '', set: () => undefined });
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/client/v1/user/login')) sent.push(request.url());
  });
  await openApp(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = loginDialog(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill('blocked@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-9');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('Your browser blocks cookies for this site, and signing in needs them. Allow cookies for this site, then sign in again.'),
  ).toBeVisible();
  await expect(page.getByText(/Login has expired/)).toHaveCount(0);
  // The form keeps what was typed, and no sign-in request left.
  await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue('blocked@example.com');
  expect(sent).toEqual([]);
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import { openApp } from '../e2e/fixtures';
import { useStandIns } from './standins';

/**
 * E-mail sign-up in a LIVE build: the code goes out by "e-mail" (the test API keeps it; the test reads it at the
 * test server's own /__test/email-code, as a person reads their mailbox), and the new account lands signed in on
 * its welcome, with the free credits the API reports and its primary key.
 */

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
const DIST = join(process.cwd(), 'dist-live');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

test('a new user signs up with the e-mailed code and lands signed in on the welcome, with the free credits and the primary key', async ({
  page,
  context,
}) => {
  await useStandIns(context);
  const email = `live.signup.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const registrations: unknown[] = [];
  page.on('request', (sent) => {
    if (sent.url() === `${API_URL}/client/v1/user/userRegistration` && sent.method() === 'POST') registrations.push(sent.postDataJSON());
  });
  await openApp(page);

  await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();

  // The code reached the mailbox, not the page: a live build shows no demo mailbox.
  const mailbox = `${API_URL}/__test/email-code?${new URLSearchParams({ email, type: 'register' }).toString()}`;
  let code = '';
  await expect
    .poll(async () => {
      code = ((await (await page.request.get(mailbox)).json()) as { code: string | null }).code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await expect(page.getByText(/Demo mailbox/)).toHaveCount(0);

  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByLabel('Password', { exact: true }).fill('live-signup-password-1');
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Welcome! Your account is ready.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The balance the task API reports for a new account: the free grant.
  await expect(page.getByRole('banner').getByText('100 credits', { exact: true })).toBeVisible();
  expect(registrations).toEqual([expect.objectContaining({ email, code })]);

  // The new account lands on its welcome with its primary key: masked on screen, and the copied key is the one
  // the task API takes (it answers the balance for it).
  await expect(page).toHaveURL(/\/dashboard\?welcome$/);
  const welcome = page.getByRole('region', { name: 'Welcome aboard: your API key is ready' });
  await expect(welcome.getByTestId('welcome-credits')).toHaveText('100 free credits');
  const shown = welcome.getByTestId('welcome-key');
  await expect(shown).toHaveText(/^\S{6}…\S{4}$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await welcome.getByRole('button', { name: 'Copy key' }).click();
  let key = '';
  await expect
    .poll(async () => {
      key = await page.evaluate(() => navigator.clipboard.readText());
      return key;
    })
    .toMatch(/^\S{12,}$/);
  await expect(shown).toHaveText(`${key.slice(0, 6)}…${key.slice(-4)}`);
  const balance = await page.request.get(`${API_URL}/api/v1/common/credit`, { headers: { authorization: `Bearer ${key}` } });
  expect(await balance.json()).toMatchObject({ code: 200, data: 100 });
  await expect(welcome.getByLabel('Your first call (curl)', { exact: true })).toContainText(
    `Authorization: Bearer ${key.slice(0, 6)}…${key.slice(-4)}`,
  );
});

test("the mailbox is the test server's alone: the live build neither names it nor serves it", async ({ request }) => {
  const files = filesUnder(DIST).filter((file) => /\.(js|html|json|txt)$/.test(file));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain('__test');
  // At the site's own address the path is just an unknown page: the app's HTML, no JSON.
  const answer = await request.get('/__test/email-code?email=someone@example.com&type=register');
  expect(answer.headers()['content-type']).toContain('text/html');
});

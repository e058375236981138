import { expect, test, type Locator, type Page } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import type { TurnstileVerification } from './server/providerChecks';
import { openApp } from '../e2e/fixtures';
import { submitSignIn } from './signIn';
import { useStandIns, type TurnstileStandIn } from './standins';
import { WIDGET_TITLE } from './standins/turnstile';

/**
 * The login modal's bot check in a LIVE build: the server answers code 100002 for the account (its address carries
 * `+botcheck`), the app loads Turnstile through @marsidev/react-turnstile, and the Turnstile stand-in
 * (./standins/turnstile.ts) plays each outcome Cloudflare documents. The test API redeems the token with Siteverify
 * and signs in only with a token the stand-in issued, once, within its lifetime.
 */

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
const account = settings.accounts.botCheck;

/** What Siteverify said of the tokens this test's stand-in issued (other workers' tests share the server). */
async function verificationsOf(page: Page, turnstile: TurnstileStandIn): Promise<TurnstileVerification[]> {
  const log = (await (await page.request.get(`${API_URL}/__test/turnstile-verifications`)).json()) as TurnstileVerification[];
  return log.filter((entry) => turnstile.issued.includes(entry.response));
}

function widgetEvents(page: Page): Promise<Array<{ event: string; detail: string | null }>> {
  return page.evaluate(() => (window as unknown as { __turnstileEvents?: Array<{ event: string; detail: string | null }> }).__turnstileEvents ?? []);
}

/** The tokens the page sent with its sign-ins, in order. */
function sentTokens(page: Page): string[] {
  const tokens: string[] = [];
  page.on('request', (request) => {
    if (request.url() !== `${API_URL}/client/v1/user/login` || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { turnstileToken?: string };
    if (body.turnstileToken) tokens.push(body.turnstileToken);
  });
  return tokens;
}

function checkbox(dialog: Locator): Locator {
  return dialog.frameLocator(`iframe[title="${WIDGET_TITLE}"]`).getByRole('checkbox', { name: 'Verify you are human' });
}

async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the check solved: the same sign-in goes again with the token and signs in', async ({ page, context }) => {
  const { turnstile } = await useStandIns(context);
  turnstile.queue({ kind: 'interactive' });
  const tokens = sentTokens(page);
  await openApp(page);

  const dialog = await submitSignIn(page, account.email, account.password);
  await expect(dialog.getByRole('status')).toHaveText('Complete the check to continue.');
  await checkbox(dialog).click();

  await expectSignedIn(page);
  expect(tokens).toEqual(turnstile.issued);
  expect(tokens).toHaveLength(1);
  expect(await verificationsOf(page, turnstile)).toEqual([
    expect.objectContaining({ success: true, path: '/client/v1/user/login', hostname: '127.0.0.1' }),
  ]);
});

test('the check fails with an error code: the modal says what to do, and trying again works', async ({ page, context }) => {
  const { turnstile } = await useStandIns(context);
  turnstile.queue({ kind: 'error', code: '600010' }, { kind: 'interactive' });
  await openApp(page);

  const dialog = await submitSignIn(page, account.email, account.password);
  await expect(dialog.getByRole('status')).toHaveText('The check did not pass. Try it again.');
  expect(await widgetEvents(page)).toContainEqual(expect.objectContaining({ event: 'error-callback', detail: '600010' }));
  expect(turnstile.issued).toEqual([]);

  await dialog.getByRole('button', { name: 'Try the check again' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Complete the check to continue.');
  await checkbox(dialog).click();
  await expectSignedIn(page);
});

test('a token past its lifetime is refused by Siteverify: the modal asks for the check again', async ({ page, context }) => {
  const { turnstile } = await useStandIns(context);
  turnstile.queue({ kind: 'expired-token' }, { kind: 'interactive' });
  const tokens = sentTokens(page);
  await openApp(page);

  const dialog = await submitSignIn(page, account.email, account.password);
  // The stale token went out, was refused, and a fresh check is on screen.
  await expect(checkbox(dialog)).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Complete the check to continue.');
  expect(tokens).toHaveLength(1);
  expect(await verificationsOf(page, turnstile)).toEqual([expect.objectContaining({ success: false, 'error-codes': ['timeout-or-duplicate'] })]);

  await checkbox(dialog).click();
  await expectSignedIn(page);
  expect(tokens).toEqual(turnstile.issued);
  expect((await verificationsOf(page, turnstile)).map((entry) => entry.success)).toEqual([false, true]);
});

test('an interactive check left unsolved times out: Turnstile offers a fresh one, which signs in', async ({ page, context }) => {
  const { turnstile } = await useStandIns(context);
  turnstile.queue({ kind: 'timeout', afterMs: 1_500 }, { kind: 'interactive' });
  await openApp(page);

  const dialog = await submitSignIn(page, account.email, account.password);
  await expect(checkbox(dialog)).toBeVisible();
  await expect.poll(async () => (await widgetEvents(page)).map((entry) => entry.event)).toContain('timeout-callback');
  // The timeout is Turnstile's own business (it refreshes the widget): the modal keeps asking, with no error.
  await expect(dialog.getByRole('status')).toHaveText('Complete the check to continue.');
  expect(turnstile.issued).toEqual([]);

  await checkbox(dialog).click();
  await expectSignedIn(page);
  expect(turnstile.issued).toHaveLength(1);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import type { TurnstileVerification } from './server/turnstileCheck';
import { openApp } from '../e2e/fixtures';
import { submitSignIn } from './signIn';
import { useStandIns, type TurnstileStandIn } from './standins';
import { WIDGET_TITLE } from './standins/turnstile';
import { issueToken } from './standins/turnstileTokens';

/**
 * The login modal's bot check in a LIVE build: the server answers code 100002 for the account (its address carries
 * `+botcheck`), the app loads Turnstile through @marsidev/react-turnstile, and the Turnstile stand-in
 * (./standins/turnstile.ts) plays each outcome Cloudflare documents. The test API redeems the token with Siteverify
 * and signs in only with a token the stand-in issued, once, within its lifetime, solved on the site for the form it
 * came with (its `action`). The widget stays on screen through what Cloudflare recovers from by itself.
 */

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
const account = settings.accounts.botCheck;

/** What Siteverify said of the tokens this test's stand-in issued (other workers' tests share the server). */
async function verificationsOf(page: Page, turnstile: TurnstileStandIn): Promise<TurnstileVerification[]> {
  const log = (await (await page.request.get(`${API_URL}/__test/turnstile-verifications`)).json()) as TurnstileVerification[];
  return log.filter((entry) => turnstile.issued.includes(entry.response));
}

interface WidgetEvent {
  widget: string;
  event: string;
  detail: string | null;
}

function widgetEvents(page: Page): Promise<WidgetEvent[]> {
  return page.evaluate(() => (window as unknown as { __turnstileEvents?: WidgetEvent[] }).__turnstileEvents ?? []);
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
  // The widget was told the form (its action), Siteverify handed it back, and the API matched it to the sign-in form.
  expect(await verificationsOf(page, turnstile)).toEqual([
    expect.objectContaining({ success: true, accepted: true, path: '/client/v1/user/login', hostname: '127.0.0.1', action: 'login' }),
  ]);
});

test('a failure Cloudflare retries keeps the widget on screen: its own retry brings a fresh check, which signs in', async ({ page, context }) => {
  const { turnstile } = await useStandIns(context);
  // 600010, a challenge failure: a family Cloudflare's error-code table marks "Retry: Yes".
  turnstile.queue({ kind: 'error', code: '600010' }, { kind: 'interactive' });
  await openApp(page);

  const dialog = await submitSignIn(page, account.email, account.password);
  await expect(dialog.getByRole('status')).toHaveText('The check ran into a problem and is trying again by itself.');
  await expect(dialog.getByRole('button', { name: 'Try the check again' })).toHaveCount(0);
  await expect(dialog.locator(`iframe[title="${WIDGET_TITLE}"]`)).toBeVisible();
  expect(turnstile.issued).toEqual([]);

  // Nobody presses anything: the widget's retry (after its 8-second retry interval) shows a fresh challenge.
  await expect(checkbox(dialog)).toBeVisible({ timeout: 15_000 });
  await checkbox(dialog).click();
  await expectSignedIn(page);
  // One widget throughout: it failed, retried and was solved without being taken down and rendered anew.
  const events = await widgetEvents(page);
  expect(events).toContainEqual(expect.objectContaining({ event: 'error-callback', detail: '600010' }));
  expect(new Set(events.map((entry) => entry.widget)).size).toBe(1);
});

test('a failure Cloudflare does not retry ends the check and says what to do; trying again renders a fresh one', async ({ page, context }) => {
  const { turnstile } = await useStandIns(context);
  // 200100, "the visitor's clock is incorrect": "Retry: No".
  turnstile.queue({ kind: 'error', code: '200100' }, { kind: 'interactive' });
  await openApp(page);

  const dialog = await submitSignIn(page, account.email, account.password);
  await expect(dialog.getByRole('status')).toHaveText(
    "Your device's clock is wrong, so the check cannot pass. Set the correct date and time, then try again.",
  );
  await expect(dialog.locator(`iframe[title="${WIDGET_TITLE}"]`)).toHaveCount(0);
  expect(turnstile.issued).toEqual([]);

  await dialog.getByRole('button', { name: 'Try the check again' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Complete the check to continue.');
  await checkbox(dialog).click();
  await expectSignedIn(page);
  expect((await widgetEvents(page)).filter((entry) => entry.event === 'error-callback')).toHaveLength(1);
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
  // Turnstile refreshes the widget by itself: the modal says so, with no error and nothing to press.
  await expect(dialog.getByRole('status')).toHaveText('The check timed out. Complete the new one to continue.');
  await expect(dialog.getByRole('button', { name: 'Try the check again' })).toHaveCount(0);
  expect(turnstile.issued).toEqual([]);

  await checkbox(dialog).click();
  await expectSignedIn(page);
  expect(turnstile.issued).toHaveLength(1);
  expect(new Set((await widgetEvents(page)).map((entry) => entry.widget)).size).toBe(1);
});

test("a sign-up's check is solved for the sign-up form, and the API accepts it there", async ({ page, context }) => {
  const { turnstile } = await useStandIns(context);
  turnstile.queue({ kind: 'interactive' });
  const email = `live.botcheck.signup.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}+botcheck@example.com`;
  await openApp(page);

  await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const mailbox = `${API_URL}/__test/email-code?${new URLSearchParams({ email, type: 'register' }).toString()}`;
  let code = '';
  await expect
    .poll(async () => {
      code = ((await (await page.request.get(mailbox)).json()) as { code: string | null }).code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByLabel('Password', { exact: true }).fill('live-botcheck-signup-1');
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await checkbox(dialog).click();
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  expect(await verificationsOf(page, turnstile)).toEqual([
    expect.objectContaining({ accepted: true, path: '/client/v1/user/userRegistration', action: 'register' }),
  ]);
});

test('the API refuses a good token solved for another form: the sign-up is asked for the check again', async ({ request }) => {
  const email = `live.botcheck.wrong-form.${Date.now().toString(36)}+botcheck@example.com`;
  const solvedFor = (action: string) =>
    issueToken(settings.providers.turnstileSecretKey, {
      sitekey: settings.providers.turnstileSiteKey,
      hostname: '127.0.0.1',
      action,
      cdata: '',
      issuedAt: Math.floor(Date.now() / 1000),
    });
  const signUp = async (turnstileToken: string) =>
    (await (
      await request.post(`${API_URL}/client/v1/user/userRegistration`, {
        data: { email, password: 'live-wrong-form-1', code: '000000', referDomain: '', utmTerm: '', turnstileToken },
      })
    ).json()) as { code: number; msg: string };
  const log = async () =>
    ((await (await request.get(`${API_URL}/__test/turnstile-verifications`)).json()) as TurnstileVerification[]).filter(
      (entry) => entry.path === '/client/v1/user/userRegistration',
    );

  const forLogin = solvedFor('login');
  // Siteverify vouches for the token, but it was solved for the sign-in form: 100002, the check again.
  expect((await signUp(forLogin)).code).toBe(100002);
  expect((await log()).find((entry) => entry.response === forLogin)).toMatchObject({
    success: true,
    accepted: false,
    refusal: 'solved for "login", not for "register"',
  });

  // The same request with a token solved for the sign-up passes the check (and goes on to the code, never asked for).
  const forRegister = solvedFor('register');
  expect((await signUp(forRegister)).code).not.toBe(100002);
  expect((await log()).find((entry) => entry.response === forRegister)).toMatchObject({ accepted: true });
});

test("Cloudflare's api.js cannot be fetched: the modal says the check could not load and what to do", async ({ page, context }) => {
  await useStandIns(context);
  // A page's own routes come before the context's stand-ins: Cloudflare is unreachable for this page.
  await page.route('https://challenges.cloudflare.com/turnstile/v0/api.js**', (route) => route.abort('internetdisconnected'));
  await openApp(page);

  const dialog = await submitSignIn(page, account.email, account.password);
  await expect(dialog.getByRole('status')).toHaveText(
    'The check could not load. Check your connection and try again; if it still does not load, reload the page.',
  );
  await expect(dialog.getByRole('button', { name: 'Try the check again' })).toBeVisible();
});

import { createHash } from 'node:crypto';
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import settings from './settings.json' with { type: 'json' };
import type { GoogleVerification } from './server/providerChecks';
import { openApp } from '../e2e/fixtures';
import { useStandIns, type GoogleStandIn } from './standins';
import type { GsiCall, MomentRecord } from './standins/google';
import { GOOGLE_ISSUER } from './standins/googleIssuer';

/**
 * Google sign-in in a LIVE build: the app's own live adapter (src/services/google/) runs against the Google Identity
 * Services stand-in (./standins/google.ts), a specification of Google's documented client API: only the last
 * `initialize` is kept, One Tap runs as FedCM runs it, the configuration's nonce goes into the ID token. The ID
 * tokens are real RS256 JWTs; the test API verifies each against the stand-in's published keys and against the
 * attempt's nonce before it signs anyone in, and refuses the rest with the handler's own answer.
 */

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
const LOGIN_URL = `${API_URL}/client/v1/user/google-login`;
const ONE_TAP = 'iframe[title="Sign in with Google Dialog"]';
const REFUSED = 'This sign-in could not be verified. Please try again.';

function uniqueAccount(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${tag}.${id}@gmail.example.com`, name: `${tag[0]?.toUpperCase() ?? ''}${tag.slice(1)} Tester` };
}

function googleLogins(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === LOGIN_URL && request.method() === 'POST') sent.push(request);
  });
  return sent;
}

/** The fields of a google-login request, as the API reads its form body. */
async function fieldsOf(request: Request): Promise<Record<string, string>> {
  const body = new Uint8Array(request.postDataBuffer() ?? Buffer.alloc(0));
  const form = await new Response(body, { headers: { 'content-type': (await request.allHeaders())['content-type'] ?? '' } }).formData();
  return Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : '']));
}

/** What the server concluded of the tokens this test's stand-in issued (other workers' tests share the server). */
async function verificationsOf(page: Page, google: GoogleStandIn): Promise<GoogleVerification[]> {
  const log = (await (await page.request.get(`${API_URL}/__test/google-verifications`)).json()) as GoogleVerification[];
  return log.filter((entry) => google.issued.includes(entry.credential));
}

function moments(page: Page): Promise<MomentRecord[]> {
  return page.evaluate(() => (window as unknown as { __gsiMoments?: MomentRecord[] }).__gsiMoments ?? []);
}

function gsiCalls(page: Page): Promise<GsiCall[]> {
  return page.evaluate(() => (window as unknown as { __gsiCalls?: GsiCall[] }).__gsiCalls ?? []);
}

/** Opens the login modal from the header's Sign in button. */
async function openLoginModal(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** Clicks Google's button in the open login modal and returns Google's account chooser (a popup). */
async function openChooser(page: Page): Promise<Page> {
  const button = page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' });
  await expect(button).toBeVisible();
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  return popup;
}

async function chooseAccount(popup: Page, account: { email: string; name: string }): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: `${account.name} ${account.email}` }).click();
  await closed;
}

/** Signs in to Google in the chooser with an address it did not list ("Use another account"). */
async function useAnotherAccount(popup: Page, account: { email: string; name: string }): Promise<void> {
  await popup.getByLabel('Email').fill(account.email);
  await popup.getByLabel('Name').fill(account.name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Next' }).click();
  await closed;
}

function expectTokenAsGoogleIssuesIt(token: string, email: string) {
  expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: expect.any(String), typ: 'JWT' });
  const claims = decodeJwt(token);
  expect(claims).toMatchObject({
    iss: GOOGLE_ISSUER,
    aud: settings.providers.googleClientId,
    email,
    email_verified: true,
    sub: expect.stringMatching(/^\d+$/),
    nonce: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
}

/** The request carried the token as issued, and the raw nonce whose SHA-256 its `nonce` claim is. */
async function expectBoundByNonce(request: Request | undefined, token: string | undefined): Promise<void> {
  if (!request || !token) throw new Error('no sign-in request, or no token issued');
  const fields = await fieldsOf(request);
  expect(fields.credential).toBe(token);
  expect(fields.nonce).toMatch(/^[0-9a-f]{64}$/);
  expect(decodeJwt(token).nonce).toBe(
    createHash('sha256')
      .update(fields.nonce ?? '')
      .digest('hex'),
  );
}

/** The page configured Google once per attempt, always with the same callback, and asked for One Tap through FedCM. */
function expectOneConfiguration(calls: GsiCall[], attempts: number) {
  const configurations = calls.filter((call) => call.method === 'initialize');
  expect(configurations).toHaveLength(attempts);
  expect(configurations.map((call) => call.sameCallback)).toEqual(configurations.map((_, index) => index > 0));
  expect(configurations.every((call) => call.useFedcmForPrompt === true)).toBe(true);
  expect(new Set(configurations.map((call) => call.nonce)).size).toBe(attempts);
}

test("the sign-in button in the login modal signs in with Google's ID token, bound to the attempt's nonce, verified by the server", async ({
  page,
  context,
}) => {
  const account = uniqueAccount('ada');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page);

  // The button is the one Google's library rendered into the modal; its popup names the site it signs in to.
  await openLoginModal(page);
  const popup = await openChooser(page);
  await expect(popup.getByText(`to continue to 127.0.0.1:${settings.previewPort}`)).toBeVisible();
  await chooseAccount(popup, account);

  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expect(page.getByText('Welcome! Your account is ready.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('banner').getByText('100 credits', { exact: true })).toBeVisible();

  expect(sent).toHaveLength(1);
  expectTokenAsGoogleIssuesIt(google.issued[0] ?? '', account.email);
  await expectBoundByNonce(sent[0], google.issued[0]);
  expect(await verificationsOf(page, google)).toEqual([expect.objectContaining({ ok: true, reason: null })]);
});

test('One Tap shown to a signed-out visitor signs in with the account chosen on its prompt', async ({ page, context }) => {
  const account = uniqueAccount('grace');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page);

  const prompt = page.frameLocator(ONE_TAP);
  await expect(prompt.getByRole('heading', { name: `Sign in to 127.0.0.1:${settings.previewPort} with google.com` })).toBeVisible();
  await prompt.getByRole('button', { name: /^Continue as Grace/ }).click();

  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expect(page.locator(ONE_TAP)).toHaveCount(0);
  // FedCM tells the page of no display: only the dismissed moment that follows the credential.
  expect(await moments(page)).toEqual([{ moment: 'dismissed', reason: 'credential_returned', cause: null }]);
  expect(sent).toHaveLength(1);
  expectTokenAsGoogleIssuesIt(google.issued[0] ?? '', account.email);
  await expectBoundByNonce(sent[0], google.issued[0]);
  expect(await verificationsOf(page, google)).toEqual([expect.objectContaining({ ok: true })]);

  // Signed in, nobody is offered One Tap again.
  await openApp(page, '/get-started');
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  expect(await moments(page)).toEqual([]);
});

test('a cold load of a page that opens the sign-in at boot: One Tap skipped (no Google session), then the dialog’s Google button signs in', async ({
  page,
  context,
}) => {
  // A bookmark of the dashboard, opened signed out: the sign-in dialog opens at boot, and One Tap starts too.
  const { google } = await useStandIns(context, []);
  const sent = googleLogins(page);
  await openApp(page, '/dashboard');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => moments(page)).toEqual([{ moment: 'skipped', reason: null, cause: 'no_session' }]);
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  const before = await gsiCalls(page);
  expect(before.map((call) => call.method)).toEqual(expect.arrayContaining(['renderButton', 'prompt']));
  expectOneConfiguration(before, 1);

  // The visitor signs in to Google in the chooser, and the credential reaches the sign-in.
  const account = uniqueAccount('katherine');
  await useAnotherAccount(await openChooser(page), account);
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(sent).toHaveLength(1);
  await expectBoundByNonce(sent[0], google.issued[0]);
  expect(await verificationsOf(page, google)).toEqual([expect.objectContaining({ ok: true })]);
});

test('a cold load of the dashboard with a Google session: the dialog and One Tap at boot, and One Tap’s account signs in over the dialog', async ({
  page,
  context,
}) => {
  const account = uniqueAccount('dorothy');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page, '/dashboard');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

  // The browser's prompt is not the page's: the open modal dialog does not block it.
  await page
    .frameLocator(ONE_TAP)
    .getByRole('button', { name: /^Continue as Dorothy/ })
    .click();

  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(sent).toHaveLength(1);
  await expectBoundByNonce(sent[0], google.issued[0]);
  // One configuration, made again with a fresh nonce once the credential had arrived.
  expectOneConfiguration(await gsiCalls(page), 2);
});

test('One Tap first, then the button: with One Tap still up, the dialog’s Google button signs in and One Tap is taken down', async ({
  page,
  context,
}) => {
  const account = uniqueAccount('mary');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page);
  await expect(page.frameLocator(ONE_TAP).getByRole('button', { name: /^Continue as Mary/ })).toBeVisible();

  // A click on the page leaves the browser's prompt up; the modal's button is drawn under the same configuration.
  await openLoginModal(page);
  await expect(page.locator(ONE_TAP)).toHaveCount(1);
  await chooseAccount(await openChooser(page), account);

  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expect(page.locator(ONE_TAP)).toHaveCount(0);
  expect(await moments(page)).toEqual([{ moment: 'dismissed', reason: 'cancel_called', cause: null }]);
  expect(sent).toHaveLength(1);
  await expectBoundByNonce(sent[0], google.issued[0]);
  expectOneConfiguration(await gsiCalls(page), 2);
});

test('the button first, then One Tap: the chooser closed without an account, One Tap’s account signs in', async ({ page, context }) => {
  const account = uniqueAccount('hedy');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page);
  const prompt = page.frameLocator(ONE_TAP);
  await expect(prompt.getByRole('button', { name: /^Continue as Hedy/ })).toBeVisible();

  await openLoginModal(page);
  const chooser = await openChooser(page);
  const closed = chooser.waitForEvent('close');
  await chooser.getByRole('button', { name: 'Cancel' }).click();
  await closed;
  expect(sent).toHaveLength(0);

  await prompt.getByRole('button', { name: /^Continue as Hedy/ }).click();
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await moments(page)).toEqual([{ moment: 'dismissed', reason: 'credential_returned', cause: null }]);
  expect(sent).toHaveLength(1);
  await expectBoundByNonce(sent[0], google.issued[0]);
  expectOneConfiguration(await gsiCalls(page), 2);
});

test('One Tap skipped (no Google session in this browser): the visitor stays signed out and the button still works', async ({ page, context }) => {
  const { google } = await useStandIns(context, []);
  const sent = googleLogins(page);
  await openApp(page);

  await expect.poll(() => moments(page)).toEqual([{ moment: 'skipped', reason: null, cause: 'no_session' }]);
  await expect(page.locator(ONE_TAP)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(sent).toHaveLength(0);

  // The visitor signs in to Google in the chooser ("Use another account"), and then to the app.
  const account = uniqueAccount('alan');
  await openLoginModal(page);
  await useAnotherAccount(await openChooser(page), account);
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  expect(google.issued).toHaveLength(1);
  expect(await verificationsOf(page, google)).toEqual([expect.objectContaining({ ok: true })]);
});

test("One Tap closed by the visitor (skipped): no sign-in, and the browser's cool-down keeps it away on the next visit", async ({
  page,
  context,
}) => {
  const account = uniqueAccount('edsger');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page);

  await page.frameLocator(ONE_TAP).getByRole('button', { name: 'Close' }).click();
  await expect(page.locator(ONE_TAP)).toHaveCount(0);
  expect(await moments(page)).toEqual([{ moment: 'skipped', reason: null, cause: 'user_close' }]);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(sent).toHaveLength(0);
  expect(google.issued).toHaveLength(0);

  await openApp(page, '/get-started');
  await expect.poll(() => moments(page)).toEqual([{ moment: 'skipped', reason: null, cause: 'cooldown' }]);
  await expect(page.locator(ONE_TAP)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the server refuses an ID token with a wrong audience, a foreign signature or past its expiry, and the product says so', async ({
  page,
  context,
}) => {
  const account = uniqueAccount('barbara');
  const { google } = await useStandIns(context, [account]);
  await openApp(page);
  const refusals = [
    { fault: 'wrong-audience', reason: /ERR_JWT_CLAIM_VALIDATION_FAILED: unexpected "aud" claim value/ },
    { fault: 'bad-signature', reason: /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/ },
    { fault: 'expired', reason: /ERR_JWT_EXPIRED/ },
  ] as const;

  await openLoginModal(page);
  for (const { fault, reason } of refusals) {
    // The message about the fault before has gone, so the one checked below is this fault's own.
    await expect(page.getByText(REFUSED), `no message left before ${fault}`).toHaveCount(0);
    google.nextTokenFault = fault;
    await chooseAccount(await openChooser(page), account);
    // The server checked the token and said what was wrong with it (its log); the visitor sees the message.
    await expect
      .poll(async () => (await verificationsOf(page, google)).at(-1), { message: fault })
      .toMatchObject({ credential: google.issued.at(-1), ok: false, email: null, reason: expect.stringMatching(reason) });
    await expect(page.getByText(REFUSED), fault).toBeVisible();
    // The modal stays open for another try.
    await expect(page.getByRole('dialog'), fault).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  }
  expect((await verificationsOf(page, google)).map((entry) => entry.ok)).toEqual([false, false, false]);

  // A good token from the same chooser then signs in.
  await chooseAccount(await openChooser(page), account);
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  expect((await verificationsOf(page, google)).map((entry) => entry.ok)).toEqual([false, false, false, true]);
});

test("the server refuses a token sent with another nonce than its attempt's, or one that already signed in, and the product says so", async ({
  page,
  context,
}) => {
  const account = uniqueAccount('radia');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page);
  await openLoginModal(page);

  /** The next google-login goes with these fields in place of the page's own (as a stolen token would). */
  const replaceNext = (fields: (own: Record<string, string>) => Record<string, string>) =>
    page.route(
      LOGIN_URL,
      async (route: Route) => {
        const request = route.request();
        if (request.method() !== 'POST') return route.fallback();
        const replaced = fields(await fieldsOf(request));
        const { 'content-length': _length, ...headers } = await request.allHeaders();
        return route.continue({
          postData: new URLSearchParams(replaced).toString(),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        });
      },
      { times: 1 },
    );

  // A token with a nonce that is not its attempt's: refused.
  await replaceNext((own) => ({ ...own, nonce: createHash('sha256').update('another attempt').digest('hex') }));
  await chooseAccount(await openChooser(page), account);
  await expect
    .poll(async () => (await verificationsOf(page, google)).at(-1))
    .toMatchObject({ ok: false, reason: "nonce: it does not match the ID token's" });
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expect(page.getByText(REFUSED)).toHaveCount(0);

  // The next attempt, with its own nonce, signs in.
  await chooseAccount(await openChooser(page), account);
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expectBoundByNonce(sent[1], google.issued[1]);
  const signedIn = sent[1] ? await fieldsOf(sent[1]) : {};

  // Signed out, the same token and nonce sent again (a replay): refused, though both are as Google and the page made them.
  await page.getByRole('button', { name: `Account menu for ${account.email}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await openLoginModal(page);
  await replaceNext((own) => ({ ...own, credential: signedIn.credential ?? '', nonce: signedIn.nonce ?? '' }));
  await chooseAccount(await openChooser(page), account);
  await expect
    .poll(async () => (await verificationsOf(page, google)).at(-1))
    .toMatchObject({ credential: signedIn.credential, ok: false, reason: 'nonce: it has already been used' });
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await verificationsOf(page, google)).map((entry) => entry.ok)).toEqual([false, true, false]);
});

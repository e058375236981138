import { expect, test, type Page, type Request } from '@playwright/test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import settings from './settings.json' with { type: 'json' };
import type { GoogleVerification } from './server/providerChecks';
import { openApp } from '../e2e/fixtures';
import { useStandIns, type GoogleStandIn } from './standins';
import { GOOGLE_ISSUER } from './standins/googleIssuer';

/**
 * Google sign-in in a LIVE build: the app's own live adapter (src/services/google/live.tsx) and
 * @react-oauth/google run against the Google Identity Services stand-in (./standins/google.ts), whose ID tokens are
 * real RS256 JWTs. The test API verifies each token against the stand-in's published keys before it signs anyone
 * in, and refuses the rest with the handler's own answer.
 */

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
const ONE_TAP = 'iframe[title="Sign in with Google Dialog"]';
const REFUSED = 'This sign-in could not be verified. Please try again.';

function uniqueAccount(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${tag}.${id}@gmail.example.com`, name: `${tag[0]?.toUpperCase() ?? ''}${tag.slice(1)} Tester` };
}

function googleLogins(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === `${API_URL}/client/v1/user/google-login` && request.method() === 'POST') sent.push(request);
  });
  return sent;
}

/** What the server concluded of the tokens this test's stand-in issued (other workers' tests share the server). */
async function verificationsOf(page: Page, google: GoogleStandIn): Promise<GoogleVerification[]> {
  const log = (await (await page.request.get(`${API_URL}/__test/google-verifications`)).json()) as GoogleVerification[];
  return log.filter((entry) => google.issued.includes(entry.credential));
}

function moments(page: Page): Promise<Array<{ moment: string; reason: string | null }>> {
  return page.evaluate(() => (window as unknown as { __gsiMoments?: Array<{ moment: string; reason: string | null }> }).__gsiMoments ?? []);
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

function expectTokenAsGoogleIssuesIt(google: GoogleStandIn, email: string) {
  const token = google.issued.at(-1) ?? '';
  expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: expect.any(String), typ: 'JWT' });
  const claims = decodeJwt(token);
  expect(claims).toMatchObject({
    iss: GOOGLE_ISSUER,
    aud: settings.providers.googleClientId,
    email,
    email_verified: true,
    sub: expect.stringMatching(/^\d+$/),
  });
  expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
}

test("the sign-in button in the login modal signs in with Google's ID token, verified by the server", async ({ page, context }) => {
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
  expect(sent[0]?.postData() ?? '').toContain(google.issued[0] ?? 'no token issued');
  expectTokenAsGoogleIssuesIt(google, account.email);
  expect(await verificationsOf(page, google)).toEqual([expect.objectContaining({ ok: true, reason: null })]);
});

test('One Tap shown to a signed-out visitor signs in with the account chosen on its card', async ({ page, context }) => {
  const account = uniqueAccount('grace');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page);

  const card = page.frameLocator(ONE_TAP);
  await expect(card.getByRole('heading', { name: `Sign in to 127.0.0.1:${settings.previewPort} with google.com` })).toBeVisible();
  await card.getByRole('button', { name: /^Continue as Grace/ }).click();

  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await expect(page.locator(ONE_TAP)).toHaveCount(0);
  expect(await moments(page)).toEqual([
    { moment: 'display', reason: null },
    { moment: 'dismissed', reason: 'credential_returned' },
  ]);
  expect(sent).toHaveLength(1);
  expectTokenAsGoogleIssuesIt(google, account.email);
  expect(await verificationsOf(page, google)).toEqual([expect.objectContaining({ ok: true })]);

  // Signed in, nobody is offered One Tap again.
  await openApp(page, '/get-started');
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  expect(await moments(page)).toEqual([]);
});

test('One Tap not displayed (no Google session in this browser): the visitor stays signed out and the button still works', async ({
  page,
  context,
}) => {
  const { google } = await useStandIns(context, []);
  const sent = googleLogins(page);
  await openApp(page);

  await expect.poll(() => moments(page)).toEqual([{ moment: 'display', reason: 'opt_out_or_no_session' }]);
  await expect(page.locator(ONE_TAP)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(sent).toHaveLength(0);

  // The visitor signs in to Google in the chooser ("Use another account"), and then to the app.
  const account = uniqueAccount('alan');
  await openLoginModal(page);
  const popup = await openChooser(page);
  await popup.getByLabel('Email').fill(account.email);
  await popup.getByLabel('Name').fill(account.name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Next' }).click();
  await closed;
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  expect(google.issued).toHaveLength(1);
  expect(await verificationsOf(page, google)).toEqual([expect.objectContaining({ ok: true })]);
});

test("One Tap closed by the visitor (skipped): no sign-in, and Google's cool-down keeps it away on the next visit", async ({ page, context }) => {
  const account = uniqueAccount('edsger');
  const { google } = await useStandIns(context, [account]);
  const sent = googleLogins(page);
  await openApp(page);

  const card = page.frameLocator(ONE_TAP);
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator(ONE_TAP)).toHaveCount(0);
  expect(await moments(page)).toEqual([
    { moment: 'display', reason: null },
    { moment: 'skipped', reason: 'user_cancel' },
  ]);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(sent).toHaveLength(0);
  expect(google.issued).toHaveLength(0);

  await openApp(page, '/get-started');
  await expect.poll(() => moments(page)).toEqual([{ moment: 'display', reason: 'suppressed_by_user' }]);
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

import { expect, test, type Page } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import { openApp } from '../e2e/fixtures';
import { refuseOtherHosts } from './standins';

/**
 * Microsoft sign-in in a LIVE build, with the app's real MSAL code: the build names a local OpenID Connect provider
 * (tests/e2e-live/microsoft/oidcProvider.mjs) as its authority, the popup signs in there and comes back to the
 * redirect bridge page, and the test API verifies the ID token against that provider's keys before signing the user
 * in. The product's rules (docs/product.md, "Microsoft sign-in rules"): success signs in; a popup the visitor closes
 * is only logged (no toast), and the button is ready again at once; the provider's error shows its message.
 */

const OIDC_ORIGIN = `https://127.0.0.1:${settings.oidcPort}`;

// The provider's certificate is self-signed for the test.
test.use({ ignoreHTTPSErrors: true });

/** Only this machine: the app, its API and the provider (the provider's pages ask for a web font, refused here). */
test.beforeEach(async ({ context }) => {
  await refuseOtherHosts(context);
});

function uniqueEmail(tag: string): string {
  return `live.ms.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * Opens the login modal and starts a Microsoft sign-in; returns the popup MSAL opened, on the provider's login page.
 * Fails at once, with the app's words, when the app refuses to open one ("A Microsoft sign-in is already in progress").
 */
async function startMicrosoftSignIn(page: Page): Promise<Page> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const button = page.getByRole('dialog').getByRole('button', { name: 'Continue with Microsoft' });
  await expect(button).toBeEnabled();
  const refusal = page.getByRole('status').filter({ hasText: 'already in progress' });
  const refused = refusal.waitFor().then(async () => {
    throw new Error(`No popup opened; the app said: "${await refusal.textContent()}"`);
  });
  const [popup] = await Promise.all([Promise.race([page.waitForEvent('popup'), refused]), button.click()]);
  await popup.waitForURL((url) => url.origin === OIDC_ORIGIN);
  await expect(popup.getByRole('button', { name: 'Sign-in' })).toBeVisible();
  return popup;
}

/** Signs in on the provider's pages as `email` and consents. */
async function signInAtProvider(popup: Page, email: string): Promise<void> {
  await popup.getByPlaceholder('Enter any login').fill(email);
  await popup.getByPlaceholder('and password').fill('any password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
}

test('Microsoft sign-in: MSAL signs in at the provider, the bridge page hands the answer back, the user is signed in', async ({ page }) => {
  const email = uniqueEmail('ok');
  const logins: URLSearchParams[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/client/v1/user/outlook-login') && sent.method() === 'POST') logins.push(new URLSearchParams(sent.postData() ?? ''));
  });
  await openApp(page);
  const popup = await startMicrosoftSignIn(page);
  // MSAL asked for the scopes the product names, through the authorization code flow with PKCE.
  const authorize = new URL(popup.url());
  expect(authorize.pathname).toMatch(/^\/interaction\//);

  const closed = popup.waitForEvent('close');
  await signInAtProvider(popup, email);
  // The bridge page closed the popup once it had handed the answer over.
  await closed;
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The app sent the provider's signed ID token, which the API verified (it signed in the address inside it).
  expect(logins).toHaveLength(1);
  const credential = logins[0]?.get('credential') ?? '';
  const [header, payload] = credential
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
  expect(header).toMatchObject({ alg: 'RS256' });
  expect(payload).toMatchObject({ iss: OIDC_ORIGIN, aud: settings.providers.microsoftClientId, email });
});

test('closing the Microsoft popup is a quiet cancel: no toast, and the button is ready again at once', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await openApp(page);
  const popup = await startMicrosoftSignIn(page);
  const button = page.getByRole('dialog').getByRole('button', { name: 'Continue with Microsoft' });
  await expect(button).toBeDisabled();

  await popup.close();
  // MSAL alone would notice only after its 60-second bridge timeout; the expectation's 10 s would fail then.
  await expect(button).toBeEnabled();
  await expect.poll(() => messages.some((text) => text.includes('cancelled'))).toBe(true);
  await expect(page.locator('[role=status]').filter({ hasText: /Microsoft|sign-in/i })).toHaveCount(0);

  // MSAL holds no interaction open: the next sign-in goes through.
  const [again] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await again.waitForURL((url) => url.origin === OIDC_ORIGIN);
  const email = uniqueEmail('again');
  await signInAtProvider(again, email);
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
});

test('a popup cut off by the provider (Cross-Origin-Opener-Policy) still signs in: it reads closed, but the visitor is in it', async ({ page }) => {
  const email = uniqueEmail('cut-off');
  await openApp(page);
  // Headless Chromium has no window focus (every page says it has it). A desktop browser gives the focus to the
  // popup window while it is open: the page is told so here, the one thing this test stands in for.
  await page.evaluate(() => {
    Document.prototype.hasFocus = () => false;
  });
  const popup = await startMicrosoftSignIn(page);
  await popup.getByPlaceholder('Enter any login').fill(email);
  await popup.getByPlaceholder('and password').fill('any password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  // The consent page came with the header: the app's window has lost its hold on the popup, which it reads as closed.
  await expect(popup.getByRole('button', { name: 'Continue' })).toBeVisible();
  // The visitor takes their time in the popup: longer than the closed-popup check and its grace, and no cancel.
  await page.waitForTimeout(2_500);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
});

/** Whether MSAL's "interaction in progress" flag is set in this tab's sessionStorage (its key ends so in MSAL v5). */
function msalInProgressFlagSet(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.keys(sessionStorage).some((key) => key.endsWith('interaction.status')));
}

for (const [leaving, leave] of [
  ['a reload', (page: Page) => page.reload()],
  ['a navigation to another page of the app', (page: Page) => page.goto('/docs')],
] as const) {
  test(`${leaving} while the popup is open leaves the next sign-in in that tab free to start`, async ({ page }) => {
    await openApp(page);
    const abandoned = await startMicrosoftSignIn(page);
    await leave(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The page that opened the popup is gone, but MSAL's flag stayed in the tab: the state this test is about.
    expect(await msalInProgressFlagSet(page)).toBe(true);

    const popup = await startMicrosoftSignIn(page);
    const email = uniqueEmail('after-leaving');
    await signInAtProvider(popup, email);
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
    await expect(page.locator('[role=status]').filter({ hasText: 'already in progress' })).toHaveCount(0);
    // The abandoned popup is still open; nothing of it reaches this page.
    expect(abandoned.isClosed()).toBe(false);
    await abandoned.close();
  });
}

test("the provider's error ends the sign-in with its message, and the button can try again", async ({ page }) => {
  await openApp(page);
  const popup = await startMicrosoftSignIn(page);
  const button = page.getByRole('dialog').getByRole('button', { name: 'Continue with Microsoft' });
  // The visitor declines at the provider: it answers the redirect URI with error=access_denied.
  await popup.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'access_denied' })).toBeVisible();
  await expect(button).toBeEnabled();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the redirect bridge page, opened with no sign-in to hand back, says what to do', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/auth/microsoft-redirect.html');
  await expect(page.getByRole('alert')).toHaveText(
    'This window could not finish the Microsoft sign-in. Close it, then sign in again from the page you started on.',
  );
  // MSAL's own complaint is logged; nothing else went wrong (no policy violation, no failed file).
  expect(errors.filter((text) => !text.includes('could not be handed back'))).toEqual([]);
});

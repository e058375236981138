import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openWithNewAccount } from './journeys';

const DEMO_INVITE = 'https://discord.gg/nanobanana-demo';

function connection(page: Page) {
  return page.getByRole('region', { name: 'Your Discord connection' });
}

function expectJoinDiscordPage(page: Page) {
  return expect(page.getByRole('heading', { level: 1, name: 'Join the Nano Banana API community on Discord' })).toBeVisible();
}

async function openJoinDiscord(page: Page, openApp: (page: Page, path?: string) => Promise<void>) {
  await openApp(page, '/join-discord');
  await expectJoinDiscordPage(page);
}

/** A new account on the Discord page. */
async function openJoinDiscordSignedIn(page: Page) {
  await openWithNewAccount(page, '', '/join-discord');
  await expectJoinDiscordPage(page);
}

// A full page load (to Discord's page or back to the app) boots before it shows anything; a busy CI machine is slow.
const PAGE_LOAD_TIMEOUT = 15_000;

/** On the demo consent page: check it is the demo's, name the Discord account and authorize. */
async function authorizeOnDiscord(page: Page, username?: string) {
  await onDiscord(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Nano Banana API wants to access your Discord account' })).toBeVisible();
  await expect(page.getByText('Know your username')).toBeVisible();
  await expect(page.getByText('Join servers for you')).toBeVisible();
  const name = page.getByLabel('Discord username');
  await expect(name).toHaveValue('banana_dev');
  if (username) await name.fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

async function onDiscord(page: Page) {
  await expect(page.getByText('Demo Discord — nothing leaves your browser')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
}

/** Back from Discord: the app has booted and the page has dealt with Discord's answer. */
async function backInApp(page: Page) {
  // Discord's parameters are gone from the address, so a reload does not send the spent code again.
  await expect(page).toHaveURL(/\/join-discord$/, { timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByRole('banner').first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
}

async function collapse(controls: Locator) {
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
  await expect(controls.getByRole('button', { name: 'Collapse demo controls' })).toBeHidden();
}

async function expectConnected(page: Page, username: string) {
  await backInApp(page);
  await expect(connection(page).getByText(`Connected as ${username}`)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
}

test('join Discord: connect, authorize on the demo consent page, come back connected with the invite', async ({ page }) => {
  await openJoinDiscordSignedIn(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Get help' })).toBeVisible();

  await connection(page).getByRole('button', { name: 'Connect Discord' }).click();
  // The state is unguessable (256 random bits): the app would not leave for Discord with less.
  await expect(page).toHaveURL(
    /\/demo-discord\/authorize\?client_id=demo&response_type=code&scope=identify\+guilds\.join&redirect_uri=.+&state=[0-9a-f]{64}$/,
    { timeout: PAGE_LOAD_TIMEOUT },
  );
  await authorizeOnDiscord(page);

  await expectConnected(page, 'banana_dev');
  const invite = connection(page).getByRole('link', { name: /Open the Discord invite/ });
  await expect(invite).toHaveAttribute('href', DEMO_INVITE);
  await expect(invite).toHaveAttribute('target', '_blank');
  await expect(invite).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText('Your Discord account is connected.')).toBeVisible();

  // A later visit still knows the connection (user-info reports it) and still offers the invite.
  await page.reload();
  await expect(page.getByRole('banner').first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(connection(page).getByText('Connected as banana_dev')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByText('Discord was not connected.')).toHaveCount(0);
  await expect(connection(page).getByRole('link', { name: /Open the Discord invite/ })).toHaveAttribute('href', DEMO_INVITE);
  await connection(page).getByRole('button', { name: 'Connect another account' }).click();
  await authorizeOnDiscord(page, 'banana.again');
  await expectConnected(page, 'banana.again');
  await expect(connection(page).getByRole('link', { name: /Open the Discord invite/ })).toHaveAttribute('href', DEMO_INVITE);
});

test('a code that comes back with another state is refused and never traded, nor is a second use of a spent state', async ({ page }) => {
  const trades: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/client/v1/user/discord/authorize')) trades.push(request.url());
  });
  await openJoinDiscordSignedIn(page);

  await connection(page).getByRole('button', { name: 'Connect Discord' }).click();
  await onDiscord(page);
  const consent = new URL(page.url());
  const ours = consent.searchParams.get('state') ?? '';
  expect(ours).toMatch(/^[0-9a-f]{64}$/);
  // Someone else's consent request (a forged link): same page, a state this tab never sent.
  const forged = new URL(consent);
  forged.searchParams.set('state', [...ours].reverse().join(''));
  await page.goto(forged.href);
  await authorizeOnDiscord(page, 'forged_user');

  await backInApp(page);
  const failure = connection(page).getByRole('alert');
  await expect(failure).toContainText('Discord was not connected.', { timeout: PAGE_LOAD_TIMEOUT });
  await expect(failure).toContainText('This Discord answer was not for a connection started in this tab, so it was not used.');
  await expect(connection(page).getByText('Connected as forged_user')).toHaveCount(0);

  // The refusal spent this tab's state too: a code that comes back with it now is refused as well.
  await page.goto(consent.href);
  await authorizeOnDiscord(page, 'late_user');
  await backInApp(page);
  await expect(connection(page).getByRole('alert')).toContainText('This Discord answer was not for a connection started in this tab', {
    timeout: PAGE_LOAD_TIMEOUT,
  });
  expect(trades).toEqual([]);

  // A fresh attempt connects, and is the only code ever traded.
  await connection(page).getByRole('button', { name: 'Try again' }).click();
  await authorizeOnDiscord(page, 'real_user');
  await expectConnected(page, 'real_user');
  expect(trades).toHaveLength(1);
});

test('cancelling on Discord says nothing was connected, and trying again connects', async ({ page }) => {
  await openJoinDiscordSignedIn(page);

  await connection(page).getByRole('button', { name: 'Connect Discord' }).click();
  await onDiscord(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await backInApp(page);
  await expect(connection(page).getByText('You cancelled on Discord. Nothing was connected.')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await connection(page).getByRole('button', { name: 'Try again' }).click();
  await authorizeOnDiscord(page, 'second_try');
  await expectConnected(page, 'second_try');
});

test('an error from Discord is explained and trying again connects', async ({ page }) => {
  await openJoinDiscordSignedIn(page);

  await connection(page).getByRole('button', { name: 'Connect Discord' }).click();
  await onDiscord(page);
  await page.getByRole('button', { name: 'Discord error' }).click();
  await backInApp(page);
  const failure = connection(page).getByRole('alert');
  await expect(failure).toContainText('Discord was not connected.', { timeout: PAGE_LOAD_TIMEOUT });
  await expect(failure).toContainText('Discord answered “server_error”.');
  await connection(page).getByRole('button', { name: 'Try again' }).click();
  await authorizeOnDiscord(page);
  await expectConnected(page, 'banana_dev');
});

test('a network failure while the code is traded shows the error, and trying again recovers with a new code', async ({ page, openDemoControls }) => {
  await openJoinDiscordSignedIn(page);

  // Aimed at the trade itself: the calls of the page load that come first go through.
  const controls = await openDemoControls(page);
  await controls.getByLabel('Which call').selectOption({ label: 'GET /client/v1/user/discord/authorize' });
  await controls.getByLabel('Next call').selectOption({ label: 'Network failure' });
  await expect(controls.getByText('Next call: network failure, when /client/v1/user/discord/authorize is called')).toBeVisible();
  // The open panel would cover the page's buttons.
  await collapse(controls);

  await connection(page).getByRole('button', { name: 'Connect Discord' }).click();
  await authorizeOnDiscord(page);

  const failure = connection(page).getByRole('alert');
  await expect(failure).toContainText('Discord was not connected.', { timeout: PAGE_LOAD_TIMEOUT });
  await expect(failure).toContainText('Could not reach the server');
  await connection(page).getByRole('button', { name: 'Try again' }).click();
  await authorizeOnDiscord(page, 'after_failure');
  await expectConnected(page, 'after_failure');
});

test('an anonymous visitor reads the page uninterrupted, and is asked by the panel to sign in before connecting', async ({ page, openApp }) => {
  await openJoinDiscord(page, openApp);
  const login = page.getByRole('dialog', { name: 'Sign in', exact: true });
  await expect(connection(page).getByText('Sign in to connect your Discord account.')).toBeVisible();
  await expect(connection(page).getByRole('button', { name: 'Connect Discord' })).toHaveCount(0);
  await expect(login).toHaveCount(0);
  await connection(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: 'Close' }).click();
  await expect(login).toBeHidden();
  await expect(connection(page).getByRole('button', { name: 'Sign in' })).toBeFocused();
});

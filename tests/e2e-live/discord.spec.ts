import { expect, test, type Page } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import { openApp } from '../e2e/fixtures';
import { DISCORD_CLIENT_ID, DISCORD_SCOPES } from './server/merchant';
import { submitSignIn } from './signIn';
import { routeProviders } from './standins';
import type { DiscordStandinOptions } from './standins/discord';

/**
 * Connecting Discord in a LIVE build: the app's join flow (src/actors/discordJoin.ts) follows the API's authorize URL
 * to https://discord.com/oauth2/authorize, where a stand-in answers as Discord's authorization-code grant does
 * (./standins/discord.ts), and trades the code it brings back through the API.
 */

type Account = { email: string; password: string };

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
const PREVIEW = `http://127.0.0.1:${settings.previewPort}`;
// A full page load (to Discord and back) boots the app before it shows anything.
const PAGE_LOAD_TIMEOUT = 15_000;

function connection(page: Page) {
  return page.getByRole('region', { name: 'Your Discord connection' });
}

/** Signs in, opens the join page and presses Connect Discord; returns the authorize URL the app went to. */
async function connectDiscord(page: Page, account: Account, discord: DiscordStandinOptions = {}): Promise<URL> {
  await routeProviders(page.context(), API_URL, discord);
  await openApp(page);
  await submitSignIn(page, account.email, account.password);
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await openApp(page, '/join-discord');
  const leaving = page.waitForRequest((sent) => sent.isNavigationRequest() && sent.url().startsWith('https://discord.com/'));
  await connection(page).getByRole('button', { name: 'Connect Discord' }).click();
  const authorize = new URL((await leaving).url());

  // Discord's own consent page, asked for a code as the authorization-code grant documents.
  await expect(page.getByRole('heading', { level: 1, name: 'Discord' })).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  expect(authorize.origin + authorize.pathname).toBe('https://discord.com/oauth2/authorize');
  expect(authorize.searchParams.get('client_id')).toBe(DISCORD_CLIENT_ID);
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${PREVIEW}/join-discord`);
  expect(authorize.searchParams.get('scope')).toBe(DISCORD_SCOPES);
  expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{32,}$/);
  return authorize;
}

/** Back from Discord: Discord's parameters are gone from the address, so a reload does not send them again. */
async function backInApp(page: Page): Promise<void> {
  await expect(page).toHaveURL(`${PREVIEW}/join-discord`, { timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Nano Banana API community on Discord' })).toBeVisible();
}

test('Discord: authorized, the code and its state come back, the API trades the code and the invite shows', async ({ page }) => {
  const authorizes: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().startsWith(`${API_URL}/client/v1/user/discord/authorize?`)) authorizes.push(sent.url());
  });
  const authorize = await connectDiscord(page, settings.accounts.discordConnect, { username: 'live_connect' });
  const returned = page.waitForRequest((sent) => sent.isNavigationRequest() && sent.url().startsWith(`${PREVIEW}/join-discord?`));
  await page.getByRole('button', { name: 'Authorize' }).click();
  const back = new URL((await returned).url());
  expect(back.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
  const code = back.searchParams.get('code') ?? '';
  expect(code).not.toBe('');

  await backInApp(page);
  await expect(connection(page).getByRole('status').filter({ hasText: 'Connected as live_connect' })).toBeVisible();
  await expect(connection(page).getByRole('link', { name: /Open the Discord invite/ })).toHaveAttribute('href', /^https:\/\/discord\.gg\/[\w-]+$/);
  // The code went to the API once, as Discord handed it out.
  expect(authorizes.map((url) => new URL(url).searchParams.get('oauthCode'))).toEqual([code]);
});

test('Discord: Cancel on the consent page comes back as access_denied; nothing is connected', async ({ page }) => {
  let traded = false;
  page.on('request', (sent) => {
    if (sent.url().startsWith(`${API_URL}/client/v1/user/discord/authorize?`)) traded = true;
  });
  await connectDiscord(page, settings.accounts.discordDenied);
  const returned = page.waitForRequest((sent) => sent.isNavigationRequest() && sent.url().startsWith(`${PREVIEW}/join-discord?`));
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(new URL((await returned).url()).searchParams.get('error')).toBe('access_denied');

  await backInApp(page);
  await expect(connection(page).getByText('You cancelled on Discord. Nothing was connected.')).toBeVisible();
  expect(traded).toBe(false);
});

test('Discord: an answer whose state is not the one this tab sent is refused, and its code is never traded', async ({ page }) => {
  let traded = false;
  page.on('request', (sent) => {
    if (sent.url().startsWith(`${API_URL}/client/v1/user/discord/authorize?`)) traded = true;
  });
  const authorize = await connectDiscord(page, settings.accounts.discordWrongState, { tamperState: true });
  const returned = page.waitForRequest((sent) => sent.isNavigationRequest() && sent.url().startsWith(`${PREVIEW}/join-discord?`));
  await page.getByRole('button', { name: 'Authorize' }).click();
  const back = new URL((await returned).url());
  expect(back.searchParams.get('code')).not.toBeNull();
  expect(back.searchParams.get('state')).not.toBe(authorize.searchParams.get('state'));

  await backInApp(page);
  const failure = connection(page).getByRole('alert');
  await expect(failure.getByText('Discord was not connected.')).toBeVisible();
  await expect(failure.getByText('This Discord answer was not for a connection started in this tab, so it was not used.')).toBeVisible();
  expect(traded).toBe(false);
});

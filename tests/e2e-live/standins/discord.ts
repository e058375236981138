/**
 * A stand-in for Discord's OAuth2 consent page, https://discord.com/oauth2/authorize, as Discord documents the
 * authorization-code grant: it requires `client_id` (the platform's application), `response_type=code`, a
 * `redirect_uri` and `scope`; a bad request gets an error page and no redirect. Authorize sends the user to the
 * redirect_uri with `code` and the `state` it was given (the code is remembered at the test API, for the platform's
 * token exchange); Cancel sends `error=access_denied` with Discord's description and the state.
 *
 * `tamperState` hands back a state other than the one given, as a forged or crossed link would: the app must refuse it.
 */
import type { BrowserContext, Route } from '@playwright/test';
import { DISCORD_CLIENT_ID } from '../server/merchant';
import { escapeHtml, fulfillPage, redirectTo, standinPage, withQuery } from './page';

const AUTHORIZE_PATH = '/oauth2/authorize';
const DECIDE_PATH = '/oauth2/authorize/decide';
/** Discord's own wording when the user presses Cancel. */
const ACCESS_DENIED_DESCRIPTION = 'The resource owner or authorization server denied the request';

export interface DiscordStandinOptions {
  /** The Discord username the user is signed in to Discord with. */
  username?: string;
  /** Answer with a state other than the request's. */
  tamperState?: boolean;
}

interface ConsentRequest {
  redirectUri: string;
  state: string;
  scopes: string[];
}

/** The request as Discord reads it, or why Discord refuses it. */
function readRequest(query: URLSearchParams): ConsentRequest | string {
  if (query.get('client_id') !== DISCORD_CLIENT_ID) return 'Unknown application';
  if (query.get('response_type') !== 'code') return 'Unsupported response type';
  const redirectUri = query.get('redirect_uri') ?? '';
  try {
    new URL(redirectUri);
  } catch {
    return 'Invalid OAuth2 redirect_uri';
  }
  const scopes = (query.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
  if (scopes.length === 0) return 'Invalid scope';
  return { redirectUri, state: query.get('state') ?? '', scopes };
}

async function serve(route: Route, apiUrl: string, options: DiscordStandinOptions): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  if (url.pathname !== AUTHORIZE_PATH && url.pathname !== DECIDE_PATH) return route.abort('blockedbyclient');
  const consent = readRequest(url.searchParams);
  if (typeof consent === 'string') return fulfillPage(route, standinPage('Discord', `<p role="alert">${escapeHtml(consent)}</p>`), 400);
  const state = options.tamperState ? `${consent.state.slice(0, -8)}deadbeef` : consent.state;

  if (request.method() === 'POST' && url.pathname === DECIDE_PATH) {
    if (new URLSearchParams(request.postData() ?? '').get('decision') !== 'authorize') {
      return redirectTo(route, withQuery(consent.redirectUri, { error: 'access_denied', error_description: ACCESS_DENIED_DESCRIPTION, state }));
    }
    const granted = await fetch(`${apiUrl}/__test/providers/discord/grant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: options.username ?? 'live_tester' }),
    });
    const { code } = (await granted.json()) as { code: string };
    return redirectTo(route, withQuery(consent.redirectUri, { code, state }));
  }

  const decide = `${DECIDE_PATH}${url.search}`;
  const body = `<p>An external application wants to access your Discord account.</p>
    <ul>${consent.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
    <form method="post" action="${escapeHtml(decide)}"><button type="submit" name="decision" value="cancel">Cancel</button>
    <button type="submit" name="decision" value="authorize">Authorize</button></form>`;
  return fulfillPage(route, standinPage('Discord', body));
}

/** Serves Discord's consent page on discord.com, for every page of the context. */
export async function routeDiscord(context: BrowserContext, apiUrl: string, options: DiscordStandinOptions = {}): Promise<void> {
  await context.route(
    (url) => url.hostname === 'discord.com',
    (route) => serve(route, apiUrl, options),
  );
}

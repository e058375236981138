/**
 * What the demo Discord consent page does: read the authorize address as Discord would, hand out a one-time code
 * (straight into the demo database, as Discord's server would remember it), and build the address it sends the
 * user back to.
 */
import { randomHex } from '../crypto';
import { CODE_TTL_MS, type DemoDb, type DiscordCode } from '../db';

/** The name the username field starts with; any valid name works. */
export const DEFAULT_DISCORD_USERNAME = 'banana_dev';

/** Discord's own wording when the user presses Cancel. */
const ACCESS_DENIED_DESCRIPTION = 'The resource owner or authorization server denied the request';
const SERVER_ERROR_DESCRIPTION = 'The authorization server encountered an unexpected condition';

export type ConsentRequest =
  | { kind: 'valid'; clientId: string; scopes: string[]; redirectUri: string; state: string | null }
  /** The return address is missing or not on this site: the page refuses to send anyone there. */
  | { kind: 'foreignRedirect'; redirectUri: string | null }
  /** Not an authorization-code request (no client or another response type). */
  | { kind: 'malformed'; redirectUri: string };

/** Only pages of this site: the demo consent page must not turn into an open redirect. */
function ownPage(value: string | null, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === origin && url.username === '' && url.password === '' ? url.href : null;
  } catch {
    return null;
  }
}

/** Reads /demo-discord/authorize?client_id=…&response_type=code&scope=…&redirect_uri=…&state=… */
export function parseConsentRequest(href: string): ConsentRequest {
  const url = new URL(href);
  const query = url.searchParams;
  const given = query.get('redirect_uri');
  const redirectUri = ownPage(given, url.origin);
  if (redirectUri === null) return { kind: 'foreignRedirect', redirectUri: given };
  const clientId = query.get('client_id')?.trim() ?? '';
  if (clientId === '' || query.get('response_type') !== 'code') return { kind: 'malformed', redirectUri };
  const scopes = (query.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
  return { kind: 'valid', clientId, scopes, redirectUri, state: query.get('state') };
}

/** Discord's rule for new usernames: 2 to 32 characters, lowercase letters, digits, `_` and `.`. */
export function isValidDiscordUsername(name: string): boolean {
  return /^[a-z0-9_.]{2,32}$/.test(name) && !name.includes('..');
}

/** A new one-time code for this Discord name; spent and expired codes are dropped on the way. */
export function issueDiscordCode(db: DemoDb, discordUsername: string, now = Date.now()): DiscordCode {
  const data = db.read();
  const entry: DiscordCode = { code: randomHex(30), discordUsername, createdAt: now, used: false };
  data.discordCodes = [...data.discordCodes.filter((code) => !code.used && now - code.createdAt < CODE_TTL_MS), entry];
  db.save();
  return entry;
}

function withParams(redirectUri: string, params: Record<string, string | null>): string {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) target.searchParams.set(name, value);
  return target.href;
}

/** Where Authorize sends the user: the app's page with the code and the request's state. */
export function authorizedReturn(redirectUri: string, code: string, state: string | null): string {
  return withParams(redirectUri, { code, state });
}

/** Where Cancel (access_denied) or a failing Discord (server_error) sends the user. */
export function errorReturn(redirectUri: string, error: 'access_denied' | 'server_error', state: string | null): string {
  const description = error === 'access_denied' ? ACCESS_DENIED_DESCRIPTION : SERVER_ERROR_DESCRIPTION;
  return withParams(redirectUri, { error, error_description: description, state });
}

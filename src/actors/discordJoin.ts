import { fromPromise, type ActorRefFrom } from 'xstate';
import { t } from '@lingui/core/macro';
import { notify } from '../services/notifier';
import { discordJoinMachine, type AuthorizeResponse, type DiscordJoinInput, type DiscordReturn } from '../../machines/discordJoin.machine';
import { discordAuthorize, discordAuthorizeUrl } from '../api/user';
import { config } from '../config';
import { DEMO_DISCORD_PATH } from '../services/demoPages';
import type { UserActor } from './app';

/** The `state` of the consent request this tab left for, so only its own answer is traded. */
export const DISCORD_STATE_KEY = 'nanobanana.discord.state';

/**
 * How long a remembered request stays good: time to sign in to Discord and approve, not more. A state left
 * behind by an abandoned attempt must not keep matching a link that turns up later.
 */
export const DISCORD_STATE_TTL_MS = 30 * 60 * 1000;

/** Where Discord sends the user back (the authorize URL's redirect_uri): this page, on this origin. */
export const DISCORD_RETURN_PATH = '/join-discord';

/** Discord's consent page: https://discord.com/oauth2/authorize, or the API's (optionally versioned) alias. */
const DISCORD_AUTHORIZE_PATH = /^\/(?:api\/(?:v\d+\/)?)?oauth2\/authorize$/;

/** What Discord appends to the return address; dropped once read, so a reload does not reuse a spent code. */
const RETURN_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'guild_id', 'permissions'] as const;

function parseUrl(url: string | null): URL | null {
  if (url === null) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Discord's own consent page (https://discord.com/oauth2/authorize), or in demo mode this site's stand-in, asking
 * for an authorization code for a client and sending it back to this page of this origin: a code sent anywhere
 * else would be someone else's to use, and would not find this tab's remembered state anyway.
 */
export function isAllowedAuthorizeUrl(url: string, appOrigin: string, demo: boolean): boolean {
  const parsed = parseUrl(url);
  if (parsed === null || parsed.username !== '' || parsed.password !== '') return false;
  const discords =
    parsed.protocol === 'https:' && parsed.hostname === 'discord.com' && parsed.port === '' && DISCORD_AUTHORIZE_PATH.test(parsed.pathname);
  const demos = demo && parsed.origin === appOrigin && parsed.pathname === `${DEMO_DISCORD_PATH}authorize`;
  if (!discords && !demos) return false;
  const query = parsed.searchParams;
  const back = parseUrl(query.get('redirect_uri'));
  return (
    query.get('response_type') === 'code' &&
    (query.get('client_id')?.trim() ?? '') !== '' &&
    back !== null &&
    back.origin === appOrigin &&
    back.username === '' &&
    back.password === '' &&
    back.pathname === DISCORD_RETURN_PATH
  );
}

const INVITE_HOSTS = ['discord.gg', 'discord.com', 'www.discord.com'];

/** An invite the page may link to (https on Discord's hosts); anything else is not shown. */
export function safeInviteUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && INVITE_HOSTS.includes(parsed.hostname)
      ? parsed.href
      : null;
  } catch {
    return null;
  }
}

/** Discord's answer in the return address (`?code=…&state=…` or `?error=…`), or null when there is none. */
export function readDiscordReturn(search: string): DiscordReturn | null {
  const query = new URLSearchParams(search);
  const error = query.get('error')?.trim() ?? '';
  if (error !== '') return { kind: 'error', error };
  const code = query.get('code')?.trim() ?? '';
  if (code === '') return null;
  return { kind: 'code', code, state: query.get('state') };
}

/** The query without Discord's parameters ('' or '?…'). */
export function withoutReturnParams(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

interface RememberedRequest {
  state: string;
  savedAt: number;
}

function isRememberedRequest(value: unknown): value is RememberedRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { state, savedAt } = value as Record<string, unknown>;
  return typeof state === 'string' && state !== '' && typeof savedAt === 'number' && Number.isFinite(savedAt);
}

function forgetRequest(): void {
  try {
    sessionStorage.removeItem(DISCORD_STATE_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Remembers, for this tab only, the state of the consent request it is leaving for. */
export function rememberRequestState(state: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(DISCORD_STATE_KEY, JSON.stringify({ state, savedAt: now } satisfies RememberedRequest));
  } catch {
    // Without storage the answer cannot be recognised on the way back; the page then says so.
  }
}

/** The state this tab left with, if it is recent; an old or unreadable one is forgotten and never matches. */
export function readExpectedState(now = Date.now()): string | null {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(DISCORD_STATE_KEY);
  } catch {
    // Storage blocked: no request of this tab can be recognised, so no code is traded.
    return null;
  }
  if (stored === null) return null;
  let remembered: unknown;
  try {
    remembered = JSON.parse(stored);
  } catch {
    remembered = null;
  }
  const age = isRememberedRequest(remembered) ? now - remembered.savedAt : NaN;
  if (isRememberedRequest(remembered) && age >= 0 && age < DISCORD_STATE_TTL_MS) return remembered.state;
  forgetRequest();
  return null;
}

/** What the page hands the machine when it opens: Discord's answer, this tab's request, and a configured invite. */
export function readJoinInput(search: string): DiscordJoinInput {
  return { returned: readDiscordReturn(search), expectedState: readExpectedState(), knownInviteUrl: safeInviteUrl(config.discordInviteUrl) };
}

/** The trade's answer, with an invite the page would not link to passed on as none. */
async function authorizeCode(oauthCode: string): Promise<AuthorizeResponse> {
  const result = await discordAuthorize({ oauthCode });
  return result.code === 200
    ? { ...result, data: { discordUsername: result.data.discordUsername, inviteUrl: safeInviteUrl(result.data.inviteUrl) } }
    : result;
}

/**
 * The Discord join flow wired to the API and the browser. The page's actor is local, so the user actor, which
 * must re-read the account once it is connected, is handed in.
 */
export function createDiscordJoinLogic(user: UserActor) {
  const demo = config.mode === 'demo';
  return discordJoinMachine.provide({
    actors: {
      fetchAuthorizeUrl: fromPromise(() => discordAuthorizeUrl()),
      authorize: fromPromise(({ input }) => authorizeCode(input.oauthCode)),
    },
    actions: {
      rememberRequest: (_args, { state }) => {
        rememberRequestState(state);
      },
      redirectTo: (_args, { url }) => {
        // Vetted again at the sink: only this guard's addresses may ever be navigated to from here.
        if (isAllowedAuthorizeUrl(url, location.origin, demo)) location.assign(url);
      },
      clearReturnParams: () => {
        // Used or refused, the state is spent: a second link with it must not be traded either.
        forgetRequest();
        history.replaceState(history.state, '', `${location.pathname}${withoutReturnParams(location.search)}${location.hash}`);
      },
      refreshUser: () => {
        user.send({ type: 'REFRESH' });
      },
      notifyJoined: () => {
        notify.success(t`Your Discord account is connected.`);
      },
    },
    guards: {
      isAllowedAuthorizeUrl: (_args, { url }) => isAllowedAuthorizeUrl(url, location.origin, demo),
    },
  });
}

export type DiscordJoinActor = ActorRefFrom<ReturnType<typeof createDiscordJoinLogic>>;

import { fromPromise, type ActorRefFrom } from 'xstate';
import toast from 'react-hot-toast';
import { t } from '@lingui/core/macro';
import { discordJoinMachine, type AuthorizeResponse, type DiscordJoinInput, type DiscordReturn } from '../../machines/discordJoin.machine';
import { discordAuthorize, discordAuthorizeUrl } from '../api/user';
import { config } from '../config';
import { DEMO_DISCORD_PATH } from '../services/demoPages';
import type { UserActor } from './app';

/** The `state` of the consent request this tab left for, so only its own answer is traded. */
export const DISCORD_STATE_KEY = 'nanobanana.discord.state';

/** What Discord appends to the return address; dropped once read, so a reload does not reuse a spent code. */
const RETURN_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'guild_id', 'permissions'] as const;

/** Discord's own consent page (https://discord.com/oauth2/authorize), or in demo mode this site's stand-in. */
export function isAllowedAuthorizeUrl(url: string, demoOrigin: string | null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (demoOrigin !== null && parsed.origin === demoOrigin && parsed.pathname.startsWith(DEMO_DISCORD_PATH)) return true;
  return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && parsed.hostname === 'discord.com';
}

const INVITE_HOSTS = ['discord.gg', 'discord.com', 'www.discord.com'];

/** An invite the page may link to (https on Discord's hosts); anything else is not shown. */
export function safeInviteUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && INVITE_HOSTS.includes(parsed.hostname) ? parsed.href : null;
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

function readExpectedState(): string | null {
  try {
    return sessionStorage.getItem(DISCORD_STATE_KEY);
  } catch {
    // Storage blocked: no request of this tab can be recognised, so no code is traded.
    return null;
  }
}

/** What the page hands the machine when it opens: Discord's answer, this tab's request, and a configured invite. */
export function readJoinInput(search: string): DiscordJoinInput {
  return { returned: readDiscordReturn(search), expectedState: readExpectedState(), knownInviteUrl: safeInviteUrl(config.discordInviteUrl) };
}

/** The trade's answer, with an invite the page would not link to passed on as none. */
async function authorizeCode(oauthCode: string): Promise<AuthorizeResponse> {
  const result = await discordAuthorize({ oauthCode });
  return result.code === 200 ? { ...result, data: { discordUsername: result.data.discordUsername, inviteUrl: safeInviteUrl(result.data.inviteUrl) } } : result;
}

/**
 * The Discord join flow wired to the API and the browser. The page's actor is local, so the user actor, which
 * must re-read the account once it is connected, is handed in.
 */
export function createDiscordJoinLogic(user: UserActor) {
  const demoOrigin = config.mode === 'demo' ? location.origin : null;
  return discordJoinMachine.provide({
    actors: {
      fetchAuthorizeUrl: fromPromise(() => discordAuthorizeUrl()),
      authorize: fromPromise(({ input }) => authorizeCode(input.oauthCode)),
    },
    actions: {
      rememberRequest: (_args, { url }) => {
        try {
          sessionStorage.setItem(DISCORD_STATE_KEY, new URL(url).searchParams.get('state') ?? '');
        } catch {
          // Without storage the answer cannot be recognised on the way back; the page then says so.
        }
      },
      redirectTo: (_args, { url }) => {
        location.assign(url);
      },
      clearReturnParams: () => {
        try {
          sessionStorage.removeItem(DISCORD_STATE_KEY);
        } catch {
          // Nothing was stored.
        }
        history.replaceState(history.state, '', `${location.pathname}${withoutReturnParams(location.search)}${location.hash}`);
      },
      refreshUser: () => {
        user.send({ type: 'REFRESH' });
      },
      notifyJoined: () => {
        toast.success(t`Your Discord account is connected.`);
      },
    },
    guards: {
      isAllowedAuthorizeUrl: (_args, { url }) => isAllowedAuthorizeUrl(url, demoOrigin),
    },
  });
}

export type DiscordJoinActor = ActorRefFrom<ReturnType<typeof createDiscordJoinLogic>>;

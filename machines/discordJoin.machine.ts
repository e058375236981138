import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { okData, refusal, rejection, type CallFailure } from './callErrors';
import { notProvidedAction, notProvidedActor } from './notProvided';

/** What Discord's consent page sent back in the address of /join-discord, read by the page when it opens. */
export type DiscordReturn =
  /** Authorized: a one-time `code` to trade with the server, and the `state` the request carried. */
  | { kind: 'code'; code: string; state: string | null }
  /** Not authorized: Discord's error code (`access_denied` when the user pressed Cancel). */
  | { kind: 'error'; error: string };

export interface DiscordJoinInput {
  /** Discord's answer found in the address on load; null when the page was simply opened. */
  returned: DiscordReturn | null;
  /**
   * The `state` this tab remembered when it left for Discord; null when this tab did not start a connection (or
   * started it too long ago). A code is traded only if its state matches exactly (no one else's code).
   */
  expectedState: string | null;
  /** An invite the app knows without asking the server (its configured link), for an account already connected. */
  knownInviteUrl: string | null;
}

/** What the server answers once the code is traded; the app passes an invite it will not link to as null. */
export interface DiscordConnection {
  discordUsername: string;
  inviteUrl: string | null;
}

export type AuthorizeUrlResponse = ResultEnvelope<{ url: string }>;
export type AuthorizeResponse = ResultEnvelope<DiscordConnection>;

export interface AuthorizeInput {
  oauthCode: string;
}

/** What the app's isAllowedAuthorizeUrl guard and redirectTo are told. */
export interface AuthorizeUrlParams {
  url: string;
}

/** What rememberRequest is told: the authorize URL's `state`, which the return must echo. */
export interface RememberRequestParams {
  state: string;
}

/**
 * Whether an OAuth `state` is unguessable enough to tie Discord's return to this tab: at least 128 bits, the
 * usual floor for a CSRF token. A browser cannot measure entropy, so this is an upper bound that catches what a
 * broken server would send (none, a constant, a counter, a short id): URL-safe characters only (the unreserved
 * set of RFC 3986), 4 bits a character when all are hex digits (UUID hyphens aside), 6 bits otherwise (base64url),
 * so at least 32 hex or 22 base64url characters; and at least 8 different characters, which any random string
 * that long has (a 32-digit hex string has fewer with odds below 1 in 10⁷), and "aaaa…" or "0000…1" does not.
 */
export function isHighEntropyState(state: string | null | undefined): boolean {
  if (!state || !/^[A-Za-z0-9._~-]+$/.test(state)) return false;
  const bits = /^[0-9a-fA-F-]+$/.test(state) ? 4 * state.replace(/-/g, '').length : 6 * state.length;
  return bits >= 128 && new Set(state).size >= 8;
}

/** The `state` query parameter of an authorize URL; null when there is none or the URL does not parse. */
function stateOfUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).searchParams.get('state');
  } catch {
    return null;
  }
}

/**
 * server: `error` holds the server's or the client's message. discord: `error` holds Discord's error code.
 * unsafeRedirect (not Discord's consent page), weakState (no unguessable `state`) and unexpectedReturn (a code
 * without this tab's state): the view words them (error stays null).
 */
type DiscordErrorKind = 'server' | 'discord' | 'unsafeRedirect' | 'weakState' | 'unexpectedReturn';

export interface DiscordJoinContext {
  /** Discord's answer, until the page has dealt with it (then null: a reload must not use it again). */
  returned: DiscordReturn | null;
  expectedState: string | null;
  /** The code being traded; forgotten as soon as the trade ends, whatever its outcome (a code works once). */
  oauthCode: string | null;
  /** The consent page the server handed out, while the browser is on its way there. */
  authorizeUrl: string | null;
  /** The connected Discord account (from the user or from the trade); null until connected. */
  discordUsername: string | null;
  inviteUrl: string | null;
  error: string | null;
  errorKind: DiscordErrorKind | null;
}

export type DiscordJoinEvent =
  /** The account is known (user-info answered): tells whether it is connected already. */
  | { type: 'ACCOUNT_READY'; discordUsername: string | null }
  /** Connect (again): ask for Discord's consent page and go there. */
  | { type: 'CONNECT' }
  /** After a failure or a cancel: start over with a new consent (never the same code). */
  | { type: 'RETRY' }
  /** While leaving for Discord: stay here (covers a navigation the browser blocked). */
  | { type: 'CANCEL' }
  // What the invoked calls report; listed so the model test and the fuzz send them with types.
  | DoneActorEvent<AuthorizeUrlResponse, 'fetchAuthorizeUrl'>
  | ErrorActorEvent<unknown, 'fetchAuthorizeUrl'>
  | DoneActorEvent<AuthorizeResponse, 'authorize'>
  | ErrorActorEvent<unknown, 'authorize'>;

/** Discord's error when the user pressed Cancel on the consent page. */
export const ACCESS_DENIED = 'access_denied';

const ID = 'discordJoin';

function returnedCode(context: DiscordJoinContext): { code: string; state: string | null } | null {
  return context.returned?.kind === 'code' ? context.returned : null;
}

/** Only read after isUrlRefused let an ok answer through. */
function urlOf(response: AuthorizeUrlResponse): string {
  return response.code === 200 ? response.data.url : '';
}

function authorizeInput(context: DiscordJoinContext): AuthorizeInput {
  if (context.oauthCode === null) throw new Error(`${ID}: no code to trade`);
  return { oauthCode: context.oauthCode };
}

/**
 * Connecting the account to Discord by OAuth, then showing the invite: ask the server for Discord's consent page,
 * go there, and on the way back trade the one-time code for the connection. A failed or cancelled attempt starts
 * over with a new consent; a code is never sent twice.
 */
export const discordJoinMachine = setup({
  types: {} as { context: DiscordJoinContext; events: DiscordJoinEvent; input: DiscordJoinInput },
  actors: {
    fetchAuthorizeUrl: notProvidedActor<AuthorizeUrlResponse>('fetchAuthorizeUrl'),
    authorize: notProvidedActor<AuthorizeResponse, AuthorizeInput>('authorize'),
  },
  actions: {
    // The app keeps the request's `state` in session storage, so the return can be checked to be this tab's.
    rememberRequest: notProvidedAction<RememberRequestParams>('rememberRequest'),
    // The app does location.assign(url); the page unloads.
    redirectTo: notProvidedAction<AuthorizeUrlParams>('redirectTo'),
    // The app drops code, state and error from the address and forgets the remembered state: a reload starts clean.
    clearReturnParams: notProvidedAction('clearReturnParams'),
    // The app asks user-info again, so the account shows its Discord name everywhere.
    refreshUser: notProvidedAction('refreshUser'),
    notifyJoined: notProvidedAction('notifyJoined'),
    setAccount: assign({
      discordUsername: ({ context, event }) => (event.type === 'ACCOUNT_READY' ? event.discordUsername : context.discordUsername),
    }),
    takeReturnedCode: assign({
      oauthCode: ({ context }) => returnedCode(context)?.code ?? null,
      returned: null,
      expectedState: null,
    }),
    forgetReturn: assign({ returned: null, expectedState: null }),
    forgetCode: assign({ oauthCode: null }),
    setDiscordError: assign({
      error: ({ context }) => (context.returned?.kind === 'error' ? context.returned.error : null),
      errorKind: 'discord',
    }),
    setUnexpectedReturn: assign({ error: null, errorKind: 'unexpectedReturn' }),
    startConnecting: assign({ error: null, errorKind: null, authorizeUrl: null }),
    setAuthorizeUrl: assign((_, { url }: { url: string }) => ({ authorizeUrl: url })),
    forgetAuthorizeUrl: assign({ authorizeUrl: null }),
    setUnsafeRedirect: assign({ error: null, errorKind: 'unsafeRedirect' }),
    setWeakState: assign({ error: null, errorKind: 'weakState' }),
    setConnection: assign((_, { discordUsername, inviteUrl }: DiscordConnection) => ({ discordUsername, inviteUrl })),
    // Why the call failed (a refused answer or a rejected call), for the view to word.
    setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error, errorKind: 'server' as const })),
  },
  guards: {
    // The state Discord echoed is exactly the one this tab remembered; a missing state never matches.
    hasExpectedCode: ({ context }) => {
      const returned = returnedCode(context);
      return returned !== null && !!returned.state && returned.state === context.expectedState;
    },
    hasUnexpectedCode: ({ context }) => returnedCode(context) !== null,
    returnedCancelled: ({ context }) => context.returned?.kind === 'error' && context.returned.error === ACCESS_DENIED,
    returnedError: ({ context }) => context.returned?.kind === 'error',
    isConnected: ({ context }) => context.discordUsername !== null,
    isUrlRefused: (_, { code }: { code: number | string }) => code !== 200,
    // PROVIDED by the app (discord.com, or the demo consent page). Refusing by default: never redirect unless the app vouches.
    isAllowedAuthorizeUrl: (_args, _params: AuthorizeUrlParams) => false,
    // The trade answered ok: the account is connected.
    isConnection: (_, { code }: { code: number | string }) => code === 200,
    // Without an unguessable state, anyone could send this tab a code of theirs (login CSRF): never go.
    lacksStrongState: (_, { url }: AuthorizeUrlParams) => !isHighEntropyState(stateOfUrl(url)),
  },
}).createMachine({
  id: ID,
  context: ({ input }) => ({
    returned: input.returned,
    expectedState: input.expectedState,
    oauthCode: null,
    authorizeUrl: null,
    discordUsername: null,
    inviteUrl: input.knownInviteUrl,
    error: null,
    errorKind: null,
  }),
  initial: 'waitingForAccount',
  states: {
    // A code is traded only for a known account: an expired session signs in first and keeps the code.
    waitingForAccount: {
      tags: 'busy',
      on: { ACCOUNT_READY: { target: 'starting', actions: 'setAccount' } },
    },
    // Decides at once: back from Discord (with a code, a cancel or an error), already connected, or not yet.
    starting: {
      always: [
        { guard: 'hasExpectedCode', target: 'authorizing', actions: ['takeReturnedCode', 'clearReturnParams'] },
        // A code this tab did not ask for (a forged or an old link): it is never sent.
        { guard: 'hasUnexpectedCode', target: 'failed', actions: ['setUnexpectedReturn', 'forgetReturn', 'clearReturnParams'] },
        { guard: 'returnedCancelled', target: 'cancelled', actions: ['forgetReturn', 'clearReturnParams'] },
        { guard: 'returnedError', target: 'failed', actions: ['setDiscordError', 'forgetReturn', 'clearReturnParams'] },
        { guard: 'isConnected', target: 'joined' },
        { target: 'idle' },
      ],
    },
    idle: {
      on: { CONNECT: { target: 'fetchingAuthorizeUrl', actions: 'startConnecting' } },
    },
    fetchingAuthorizeUrl: {
      tags: 'busy',
      invoke: {
        id: 'fetchAuthorizeUrl',
        src: 'fetchAuthorizeUrl',
        onDone: [
          {
            guard: { type: 'isUrlRefused', params: ({ event }) => ({ code: event.output.code }) },
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => refusal(event.output) },
          },
          // Whatever the address, a request without an unguessable state is not made.
          { guard: { type: 'lacksStrongState', params: ({ event }) => ({ url: urlOf(event.output) }) }, target: 'failed', actions: 'setWeakState' },
          {
            guard: { type: 'isAllowedAuthorizeUrl', params: ({ event }) => ({ url: urlOf(event.output) }) },
            target: 'redirecting',
            actions: { type: 'setAuthorizeUrl', params: ({ event }) => ({ url: urlOf(event.output) }) },
          },
          // An address the app cannot vouch for: the user goes nowhere.
          { target: 'failed', actions: 'setUnsafeRedirect' },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
    },
    // The page unloads on its way to Discord's consent page.
    redirecting: {
      tags: 'busy',
      entry: [
        { type: 'rememberRequest', params: ({ context }) => ({ state: stateOfUrl(context.authorizeUrl) ?? '' }) },
        { type: 'redirectTo', params: ({ context }) => ({ url: context.authorizeUrl ?? '' }) },
      ],
      on: {
        CANCEL: [
          { guard: 'isConnected', target: 'joined', actions: 'forgetAuthorizeUrl' },
          { target: 'idle', actions: 'forgetAuthorizeUrl' },
        ],
      },
    },
    // Trading the one-time code; whatever the answer, the code is spent.
    authorizing: {
      tags: 'busy',
      exit: 'forgetCode',
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => authorizeInput(context),
        onDone: [
          {
            guard: { type: 'isConnection', params: ({ event }) => ({ code: event.output.code }) },
            target: 'joined',
            actions: [{ type: 'setConnection', params: ({ event }) => okData(event.output) }, 'refreshUser', 'notifyJoined'],
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
    },
    // Connected: the view shows the name and the invite (or, without one, offers to connect again for it).
    joined: {
      tags: 'joined',
      on: { CONNECT: { target: 'fetchingAuthorizeUrl', actions: 'startConnecting' } },
    },
    // The user pressed Cancel on Discord: nothing was connected.
    cancelled: {
      on: { RETRY: { target: 'fetchingAuthorizeUrl', actions: 'startConnecting' } },
    },
    failed: {
      tags: 'failed',
      on: { RETRY: { target: 'fetchingAuthorizeUrl', actions: 'startConnecting' } },
    },
  },
});

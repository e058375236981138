import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import {
  ACCESS_DENIED,
  discordJoinMachine,
  isHighEntropyState,
  type AuthorizeInput,
  type AuthorizeResponse,
  type AuthorizeUrlParams,
  type AuthorizeUrlResponse,
  type DiscordJoinInput,
} from '../../machines/discordJoin.machine';
import { defaultEventLabel, describeMachinePaths, done, failure, readStep, type PathEvent } from './pathRunner';

const DISCORD = 'https://discord.com/';
/** 256 random bits in hex, as a sound server sends. */
const STRONG_STATE = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const allowedUrl = { code: 200, msg: 'ok', data: { url: `${DISCORD}oauth2/authorize?client_id=1&state=${STRONG_STATE}` } } as const;
const foreignUrl = { code: 200, msg: 'ok', data: { url: `https://discord.example/oauth2/authorize?state=${STRONG_STATE}` } } as const;
// Discord's own page, but a state anyone could guess, or none: refused before the address is even considered.
const weakStateUrl = { code: 200, msg: 'ok', data: { url: `${DISCORD}oauth2/authorize?client_id=1&state=s-2` } } as const;
const noStateUrl = { code: 200, msg: 'ok', data: { url: `${DISCORD}oauth2/authorize?client_id=1` } } as const;
const urlRefused = { code: 500001, msg: 'Discord is not configured', data: null } as const;
const joinedWithInvite = { code: 200, msg: 'ok', data: { discordUsername: 'banana_dev', inviteUrl: 'https://discord.gg/nanobanana' } } as const;
const joinedWithoutInvite = { code: 200, msg: 'ok', data: { discordUsername: 'banana_dev', inviteUrl: null } } as const;
const codeRefused = { code: 400001, msg: 'This Discord code was already used', data: null } as const;
const offline = Object.assign(new Error('Could not reach the server'), { kind: 'network' });

const KNOWN_INVITE = 'https://discord.gg/configured';
const RETURNED_CODE = 'code-1';

const names = new Map<unknown, string>([
  [allowedUrl, 'discord.com'],
  [foreignUrl, 'foreign'],
  [weakStateUrl, 'weak state'],
  [noStateUrl, 'no state'],
  [urlRefused, 'refused'],
  [joinedWithInvite, 'joined+invite'],
  [joinedWithoutInvite, 'joined'],
  [codeRefused, 'refused'],
]);

function label(event: AnyEventObject): string {
  if (event.type === 'ACCOUNT_READY') return event.discordUsername === null ? 'ACCOUNT_READY(not connected)' : 'ACCOUNT_READY(connected)';
  const answer = names.get(event.output);
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

/** The app's guard in the tests: discord.com is vouched for. */
const machine = discordJoinMachine.provide({
  guards: { isAllowedAuthorizeUrl: (_args, params: AuthorizeUrlParams) => params.url.startsWith(DISCORD) },
});

const STATES = ['waitingForAccount', 'idle', 'fetchingAuthorizeUrl', 'redirecting', 'authorizing', 'joined', 'cancelled', 'failed'] as const;
type JoinState = (typeof STATES)[number];

const events: Array<PathEvent<typeof machine>> = [
  { type: 'ACCOUNT_READY', discordUsername: null },
  { type: 'ACCOUNT_READY', discordUsername: 'old_name' },
  { type: 'CONNECT' },
  { type: 'RETRY' },
  { type: 'CANCEL' },
  done('fetchAuthorizeUrl', allowedUrl),
  done('fetchAuthorizeUrl', foreignUrl),
  done('fetchAuthorizeUrl', weakStateUrl),
  done('fetchAuthorizeUrl', noStateUrl),
  done('fetchAuthorizeUrl', urlRefused),
  failure('fetchAuthorizeUrl', offline),
  done('authorize', joinedWithInvite),
  done('authorize', joinedWithoutInvite),
  done('authorize', codeRefused),
  failure('authorize', offline),
];

const opened = (knownInviteUrl: string | null = null): DiscordJoinInput => ({ returned: null, expectedState: null, knownInviteUrl });
const returned = (returnedAs: DiscordJoinInput['returned'], expectedState: string | null = 's-1'): DiscordJoinInput => ({
  returned: returnedAs,
  expectedState,
  knownInviteUrl: null,
});
const withCode = (state: string | null) => ({ kind: 'code', code: RETURNED_CODE, state }) as const;

describeMachinePaths('discordJoin machine', {
  machine,
  events,
  eventLabel: label,
  scenarios: [
    { name: 'opened', input: opened() },
    { name: 'opened, invite configured', input: opened(KNOWN_INVITE) },
    { name: 'back with a code', input: returned(withCode('s-1')) },
    // A code without a state is never this tab's, even if an empty state was (somehow) remembered.
    { name: 'back with a code, no state', input: returned(withCode(null)) },
    { name: 'back with a code, no state, an empty one remembered', input: returned(withCode(null), '') },
    { name: 'back with someone else’s code', input: returned(withCode('forged')) },
    { name: 'back with a code this tab did not ask for', input: returned(withCode('s-1'), null) },
    { name: 'cancelled on Discord', input: returned({ kind: 'error', error: ACCESS_DENIED }) },
    { name: 'Discord error', input: returned({ kind: 'error', error: 'server_error' }) },
  ],
  // Guards read Discord's answer, the expected state and whether the account is connected; assertions check the rest.
  serializeContext: (context) => ({
    returned: context.returned,
    expectedState: context.expectedState,
    oauthCode: context.oauthCode,
    connected: context.discordUsername !== null,
  }),
  maxSimplePaths: 80,
  assertState: (snapshot, { event, previous, calls, stepCalls, invocations, stepInvocations }) => {
    const { context, before, is, was, entered } = readStep(snapshot, previous);

    // starting decides at once; it is never a resting state.
    expect(STATES.filter((state) => is(state))).toHaveLength(1);
    expect(snapshot.hasTag('busy')).toBe(is('waitingForAccount') || is('fetchingAuthorizeUrl') || is('redirecting') || is('authorizing'));
    expect(snapshot.hasTag('joined')).toBe(is('joined'));
    expect(snapshot.hasTag('failed')).toBe(is('failed'));

    // What each state answers to; the view offers the same buttons.
    expect(snapshot.can({ type: 'ACCOUNT_READY', discordUsername: null })).toBe(is('waitingForAccount'));
    expect(snapshot.can({ type: 'CONNECT' })).toBe(is('idle') || is('joined'));
    expect(snapshot.can({ type: 'RETRY' })).toBe(is('failed') || is('cancelled'));
    expect(snapshot.can({ type: 'CANCEL' })).toBe(is('redirecting'));

    // Asking for the consent page: once per entry, on CONNECT or RETRY only, with a clean slate.
    const fetches = stepInvocations('fetchAuthorizeUrl');
    expect(fetches).toHaveLength(entered('fetchingAuthorizeUrl') ? 1 : 0);
    if (entered('fetchingAuthorizeUrl')) {
      expect(event.type === 'CONNECT' || event.type === 'RETRY').toBe(true);
      expect(context).toMatchObject({ error: null, errorKind: null, authorizeUrl: null, oauthCode: null });
    }

    // Trading a code: only Discord's code for this tab's request, only right after the account is known, and
    // never twice (RETRY starts over with a new consent).
    const trades = stepInvocations('authorize');
    expect(trades).toHaveLength(entered('authorizing') ? 1 : 0);
    expect(invocations('authorize').length).toBeLessThanOrEqual(1);
    if (entered('authorizing')) {
      expect(event.type).toBe('ACCOUNT_READY');
      expect(trades[0]?.input).toEqual({ oauthCode: RETURNED_CODE } satisfies AuthorizeInput);
      expect(context.oauthCode).toBe(RETURNED_CODE);
    }
    // The code lives only while it is traded.
    expect(context.oauthCode).toBe(is('authorizing') ? RETURNED_CODE : null);

    // Leaving for Discord: the request is remembered first, then the page goes to the address the server gave.
    const remembered = stepCalls('rememberRequest');
    const redirected = stepCalls('redirectTo');
    expect(remembered).toHaveLength(entered('redirecting') ? 1 : 0);
    expect(redirected).toHaveLength(entered('redirecting') ? 1 : 0);
    if (entered('redirecting')) {
      expect(event).toEqual(done('fetchAuthorizeUrl', allowedUrl));
      // Only the state is kept: it is what the return must echo.
      expect(remembered[0]?.params).toEqual({ state: STRONG_STATE });
      expect(redirected[0]?.params).toEqual({ url: allowedUrl.data.url });
      expect(calls('rememberRequest').at(-1)?.step).toBe(calls('redirectTo').at(-1)?.step);
    }
    expect(context.authorizeUrl).toBe(is('redirecting') ? allowedUrl.data.url : null);

    // Discord's answer is taken out of the address exactly once: when the page deals with it.
    const cleared = stepCalls('clearReturnParams');
    const dealtWithReturn = was('waitingForAccount') && before?.returned !== null;
    expect(cleared).toHaveLength(dealtWithReturn ? 1 : 0);
    expect(calls('clearReturnParams').length).toBeLessThanOrEqual(1);
    if (!is('waitingForAccount')) expect(context).toMatchObject({ returned: null, expectedState: null });

    // Connected: the user is re-read and told once, with what the server answered.
    const refreshed = stepCalls('refreshUser');
    const notified = stepCalls('notifyJoined');
    const connection = event.type === 'xstate.done.actor.authorize' && event.output.code === 200 ? event.output.data : null;
    expect(refreshed).toHaveLength(connection ? 1 : 0);
    expect(notified).toHaveLength(connection ? 1 : 0);
    if (connection) {
      expect(is('joined')).toBe(true);
      expect(context).toMatchObject({ discordUsername: connection.discordUsername, inviteUrl: connection.inviteUrl });
      expect(notified[0]?.context).toMatchObject({ discordUsername: 'banana_dev' });
    }

    if (event.type === 'xstate.init') {
      expect(is('waitingForAccount')).toBe(true);
      expect(context).toMatchObject({ oauthCode: null, authorizeUrl: null, discordUsername: null, error: null, errorKind: null });
    }
    if (event.type === 'ACCOUNT_READY') {
      expect(context.discordUsername).toBe(event.discordUsername);
      const back = before?.returned ?? null;
      const expected = before?.expectedState ?? null;
      let target: JoinState;
      // Exactly the state this tab remembered; a missing one never matches.
      if (back?.kind === 'code')
        target = expected !== null && back.state !== null && back.state !== '' && back.state === expected ? 'authorizing' : 'failed';
      else if (back?.kind === 'error') target = back.error === ACCESS_DENIED ? 'cancelled' : 'failed';
      else target = event.discordUsername === null ? 'idle' : 'joined';
      expect(is(target)).toBe(true);
      if (back?.kind === 'code' && target === 'failed') expect(context).toMatchObject({ error: null, errorKind: 'unexpectedReturn' });
      if (back?.kind === 'error' && target === 'failed') expect(context).toMatchObject({ error: back.error, errorKind: 'discord' });
      // An already connected account shows the configured invite, if any, without asking anything.
      if (target === 'joined') expect(context.inviteUrl).toBe(before?.inviteUrl);
    }

    if (event.type === 'CANCEL') {
      // Staying here: back to where the user was, connected or not.
      expect(is(context.discordUsername === null ? 'idle' : 'joined')).toBe(true);
    }

    // Why it failed: the server's message, a guessable state, an address the app would not follow, or the client's error.
    if (event.type === 'xstate.done.actor.fetchAuthorizeUrl') {
      if (event.output === allowedUrl) expect(is('redirecting')).toBe(true);
      else {
        expect(is('failed')).toBe(true);
        if (event.output === foreignUrl) expect(context).toMatchObject({ error: null, errorKind: 'unsafeRedirect' });
        else if (event.output === weakStateUrl || event.output === noStateUrl) expect(context).toMatchObject({ error: null, errorKind: 'weakState' });
        else expect(context).toMatchObject({ error: urlRefused.msg, errorKind: 'server' });
      }
    }
    if (event.type === 'xstate.done.actor.authorize' && event.output.code !== 200) {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: codeRefused.msg, errorKind: 'server', discordUsername: before?.discordUsername });
    }
    if (event.type === 'xstate.error.actor.fetchAuthorizeUrl' || event.type === 'xstate.error.actor.authorize') {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: offline.message, errorKind: 'server' });
    }
    if (!is('failed')) expect(context).toMatchObject({ error: null, errorKind: null });
    else expect(context.errorKind).not.toBeNull();
  },
});

describe('discordJoin', () => {
  function started(
    logic: typeof discordJoinMachine,
    input: DiscordJoinInput,
    fetchAuthorizeUrl: () => Promise<AuthorizeUrlResponse>,
    authorize: (input: AuthorizeInput) => Promise<AuthorizeResponse> = () => new Promise(() => undefined),
  ) {
    const calls: string[] = [];
    const record = (name: string) => () => {
      calls.push(name);
    };
    const actor = createActor(
      logic.provide({
        actors: {
          fetchAuthorizeUrl: fromPromise<AuthorizeUrlResponse>(() => fetchAuthorizeUrl()),
          authorize: fromPromise<AuthorizeResponse, AuthorizeInput>(({ input: trade }) => authorize(trade)),
        },
        actions: {
          rememberRequest: record('rememberRequest'),
          redirectTo: record('redirectTo'),
          clearReturnParams: record('clearReturnParams'),
          refreshUser: record('refreshUser'),
          notifyJoined: record('notifyJoined'),
        },
      }),
      { input },
    );
    actor.start();
    return { actor, calls };
  }

  it('never redirects unless the app vouches for the address (the default guard refuses)', async () => {
    const { actor, calls } = started(discordJoinMachine, opened(), () => Promise.resolve(allowedUrl));
    actor.send({ type: 'ACCOUNT_READY', discordUsername: null });
    actor.send({ type: 'CONNECT' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ errorKind: 'unsafeRedirect', authorizeUrl: null });
    expect(calls).toEqual([]);
    actor.stop();
  });

  it('never leaves for a consent page whose state could be guessed or is missing, and remembers nothing', async () => {
    for (const state of [
      null,
      '',
      's-2',
      'a'.repeat(64),
      `${'0'.repeat(40)}1`,
      STRONG_STATE.slice(0, 31),
      'AbCdEfGhIjKlMnOpQrStU',
      `${STRONG_STATE.slice(0, 40)} x`,
    ]) {
      const url = `${DISCORD}oauth2/authorize?client_id=1${state === null ? '' : `&state=${encodeURIComponent(state)}`}`;
      const { actor, calls } = started(machine, opened(), () => Promise.resolve({ code: 200, msg: 'ok', data: { url } }));
      actor.send({ type: 'ACCOUNT_READY', discordUsername: null });
      actor.send({ type: 'CONNECT' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches('failed'), String(state)).toBe(true));
      expect(actor.getSnapshot().context, String(state)).toMatchObject({ errorKind: 'weakState', error: null, authorizeUrl: null });
      expect(calls, String(state)).toEqual([]);
      actor.stop();
    }
  });

  it('counts a state as unguessable from 128 bits: 32 hex digits or 22 base64url characters, varied', () => {
    for (const state of [
      STRONG_STATE.slice(0, 32),
      STRONG_STATE,
      'AbCdEfGhIjKlMnOpQrStUv',
      'Zm9vYmFyLWJhei1xdXV4LXF1dXo_',
      '550e8400-e29b-41d4-a716-446655440000',
    ]) {
      expect(isHighEntropyState(state), state).toBe(true);
    }
    for (const state of [
      null,
      undefined,
      '',
      's-1',
      STRONG_STATE.slice(0, 31),
      'AbCdEfGhIjKlMnOpQrStU',
      'a'.repeat(64),
      `${'0'.repeat(40)}1`,
      'abababababababababababababababab',
      `${STRONG_STATE.slice(0, 40)} x`,
      `${STRONG_STATE}&x=1`,
    ]) {
      expect(isHighEntropyState(state), String(state)).toBe(false);
    }
  });

  it('a double click asks for one consent page', async () => {
    const fetchAuthorizeUrl = vi.fn(() => new Promise<AuthorizeUrlResponse>(() => undefined));
    const { actor } = started(machine, opened(), fetchAuthorizeUrl);
    actor.send({ type: 'ACCOUNT_READY', discordUsername: null });
    actor.send({ type: 'CONNECT' });
    actor.send({ type: 'CONNECT' });
    await Promise.resolve();
    expect(fetchAuthorizeUrl).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('a refused code is not sent again: trying again asks Discord for a new one', async () => {
    const authorize = vi.fn(() => Promise.resolve<AuthorizeResponse>(codeRefused));
    const fetchAuthorizeUrl = vi.fn(() => new Promise<AuthorizeUrlResponse>(() => undefined));
    const { actor, calls } = started(machine, returned(withCode('s-1')), fetchAuthorizeUrl, authorize);
    // Nothing is traded before the account is known.
    expect(authorize).not.toHaveBeenCalled();
    actor.send({ type: 'ACCOUNT_READY', discordUsername: null });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(authorize).toHaveBeenCalledExactlyOnceWith({ oauthCode: RETURNED_CODE });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().matches('fetchingAuthorizeUrl')).toBe(true);
    expect(fetchAuthorizeUrl).toHaveBeenCalledTimes(1);
    expect(authorize).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['clearReturnParams']);
    actor.stop();
  });

  it('connects and keeps the name and invite the server gave', async () => {
    const { actor, calls } = started(
      machine,
      returned(withCode('s-1')),
      () => Promise.resolve(allowedUrl),
      () => Promise.resolve(joinedWithInvite),
    );
    actor.send({ type: 'ACCOUNT_READY', discordUsername: null });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('joined')).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ discordUsername: 'banana_dev', inviteUrl: 'https://discord.gg/nanobanana', oauthCode: null });
    expect(calls).toEqual(['clearReturnParams', 'refreshUser', 'notifyJoined']);
    actor.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { KEEPS_NOTHING, userMachine, type StoredLogin, type UserInput } from '../../machines/user.machine';
import type { ResultEnvelope, SessionUser } from '../../src/common/types';
import { defaultEventLabel, describeMachinePaths, done, failure, type PathEvent } from './pathRunner';

const cachedUser: SessionUser = { id: 'u-1', email: 'ada@example.com', apiKey: 'sk-cached', credits: 5 };
const fetchedUser: SessionUser = { id: 'u-1', email: 'ada@example.com', apiKey: 'sk-fresh', credits: 7 };
const newUser: SessionUser = { id: 'u-2', email: 'bob@example.com', apiKey: 'sk-bob', credits: 0 };

function apiError(kind: string, message: string): Error {
  return Object.assign(new Error(message), { kind });
}

const storedWith = (login: StoredLogin | null): UserInput => ({ readStoredLogin: () => login });

type UserPathEvent = PathEvent<typeof userMachine>;

const sessionEvents: UserPathEvent[] = [
  done('fetchUserInfo', { code: 200, msg: 'ok', data: fetchedUser }),
  done('fetchUserInfo', { code: 500001, msg: 'Maintenance', data: fetchedUser }),
  failure('fetchUserInfo', apiError('sessionExpired', 'Login has expired. Please login again')),
  failure('fetchUserInfo', apiError('network', 'Network down')),
  failure('fetchUserInfo', apiError('timeout', 'Timed out')),
  failure('fetchUserInfo', apiError('server', 'Server exception')),
  done('logout', { code: 200, msg: 'ok', data: null }),
  failure('logout', apiError('network', 'Network down')),
  { type: 'REFRESH' },
  { type: 'LOGOUT' },
  { type: 'SESSION_EXPIRED' },
  { type: 'PAYMENT_SUCCEEDED' },
  { type: 'API_KEY_SET', apiKey: 'sk-new' },
  { type: 'SIGNED_IN', token: 'jwt-2', user: newUser, isNewUser: true },
  { type: 'SIGNED_OUT_ELSEWHERE' },
];
const ipEvents: UserPathEvent[] = [done('lookupIpCountry', 'DE'), failure('lookupIpCountry', new Error('blocked')), { type: 'LOCATE_AGAIN' }];

const doneWith = (type: string) => (event: { type: string }) => event.type === type;
const isFetchDone = doneWith('xstate.done.actor.fetchUserInfo');
const isLogoutSettled = (event: { type: string }) => event.type === 'xstate.done.actor.logout' || event.type === 'xstate.error.actor.logout';

function label(event: { type: string; [key: string]: unknown }): string {
  if (event.type === 'SIGNED_IN') return 'SIGNED_IN';
  if (event.type === 'API_KEY_SET') return 'API_KEY_SET';
  return defaultEventLabel(event);
}

describeMachinePaths('user machine', {
  machine: userMachine,
  eventLabel: label,
  scenarios: [
    { name: 'stored login, cached user', input: storedWith({ token: 'jwt-1', cachedUser }) },
    { name: 'stored token, nothing cached', input: storedWith({ token: 'jwt-1', cachedUser: null }) },
    { name: 'no stored login', input: storedWith(null) },
  ],
  // The country lookup runs beside the session; trying it only early keeps the product of both regions small.
  events: (snapshot) =>
    snapshot.matches({ session: 'anonymous' }) || snapshot.matches({ session: 'fetchingUser' }) ? [...sessionEvents, ...ipEvents] : sessionEvents,
  // No guard reads the context, so the graph only needs what changes what a view shows; assertions check the rest.
  serializeContext: (context) => ({
    signedIn: context.user !== null,
    oneTap: context.oneTap,
    paid: context.paymentCounter > 0,
    expired: context.expiredUser !== null,
    confirmed: context.userConfirmed,
  }),
  maxSimplePaths: 40,
  // A sign-out in another tab arrives through the tab watcher, which runs for the actor's whole life.
  callbacks: { watchOtherTabs: ['SIGNED_OUT_ELSEWHERE'] },
  // The global actors it tells about the session.
  receivers: ['googleOneTap', 'earlyRenewal'],
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations, stepReceived }) => {
    const { context } = snapshot;
    type SessionState = 'checkingStoredLogin' | 'fetchingUser' | 'signedIn' | 'loggingOut' | 'failed' | 'anonymous';
    const session = (state: SessionState) => snapshot.matches({ session: state });
    const was = (state: SessionState) => previous?.matches({ session: state }) === true;
    const stored = context.readStoredLogin();

    expect(snapshot.hasTag('loading')).toBe(session('fetchingUser') || session('loggingOut'));
    expect(snapshot.hasTag('busy')).toBe(session('loggingOut'));
    expect(snapshot.hasTag('signedIn')).toBe(session('signedIn'));
    expect(snapshot.hasTag('failed')).toBe(session('failed'));
    expect(snapshot.hasTag('anonymous')).toBe(session('anonymous'));

    // Side effects happen exactly where they belong.
    expect(stepCalls('cacheUser')).toHaveLength((isFetchDone(event) && session('signedIn')) || event.type === 'API_KEY_SET' ? 1 : 0);
    expect(stepCalls('persistLogin').map((call) => call.event)).toEqual(event.type === 'SIGNED_IN' ? [event] : []);
    expect(stepCalls('clearStoredLogin')).toHaveLength(isLogoutSettled(event) ? 1 : 0);
    // Only a sign-out made here leaves a page that needs an account (an expiry keeps the page behind the sign-in).
    expect(stepCalls('leaveAccountPage')).toHaveLength(isLogoutSettled(event) ? 1 : 0);

    // Other tabs hear about every sign-in and sign-out made here (never about one they told us of).
    const expiredHere =
      event.type === 'SESSION_EXPIRED' ||
      (event.type === 'xstate.error.actor.fetchUserInfo' && (event.error as { kind?: string }).kind === 'sessionExpired');
    expect(stepCalls('announceSignIn')).toHaveLength(event.type === 'SIGNED_IN' ? 1 : 0);
    expect(stepCalls('announceSignOut')).toHaveLength(isLogoutSettled(event) || expiredHere ? 1 : 0);
    if (event.type === 'SIGNED_OUT_ELSEWHERE') {
      expect(snapshot.matches({ session: { anonymous: 'signedOut' } })).toBe(true);
      expect(context.user).toBeNull();
    }

    // Entering fetchingUser (at start, on REFRESH, after a payment) asks the server once.
    const startedFetching = session('fetchingUser') && !was('fetchingUser');
    expect(stepInvocations('fetchUserInfo')).toHaveLength(startedFetching ? 1 : 0);
    if (startedFetching && (was('signedIn') || was('fetchingUser'))) {
      // A refresh or a payment while signed in keeps showing the user it has.
      expect(context.user).toEqual(previous?.context.user);
    } else if (startedFetching) {
      // Coming from storage (start, or REFRESH when anonymous or failed): only a stored login is fetched,
      // and its cached user shows at once.
      expect(stored).not.toBeNull();
      expect(context.user).toEqual(stored?.cachedUser ?? null);
    }
    if (event.type === 'xstate.init' && stored === null) {
      expect(session('anonymous')).toBe(true);
      expect(snapshot.matches({ session: { anonymous: 'noStoredLogin' } })).toBe(true);
      expect(context).toMatchObject({ user: null, oneTap: true });
    }
    if (event.type === 'PAYMENT_SUCCEEDED') {
      expect(session('fetchingUser')).toBe(true);
      expect(context.paymentCounter).toBe((previous?.context.paymentCounter ?? Number.NaN) + 1);
    }

    if (event.type === 'xstate.done.actor.fetchUserInfo') {
      if (event.output.code === 200) {
        expect(session('signedIn')).toBe(true);
        expect(context).toMatchObject({ user: event.output.data, oneTap: false, error: null });
      } else {
        expect(session('failed')).toBe(true);
        expect(context.error).toBe(event.output.msg);
        expect(context.user, 'a failed refresh keeps the cached user').toEqual(previous?.context.user);
      }
    }
    if (event.type === 'xstate.error.actor.fetchUserInfo') {
      const kind = (event.error as { kind: string }).kind;
      if (kind === 'sessionExpired') {
        expect(snapshot.matches({ session: { anonymous: 'sessionExpired' } })).toBe(true);
      } else {
        expect(session('failed')).toBe(true);
        expect(context.error).toBe((event.error as Error).message);
        expect(context.user).toEqual(previous?.context.user);
        // Offline: offer one-tap, the visitor may want to sign in again; a server error changes nothing.
        expect(context.oneTap).toBe(kind === 'network' || kind === 'timeout' ? true : previous?.context.oneTap);
      }
    }
    if (snapshot.matches({ session: { anonymous: 'sessionExpired' } })) expect(context).toMatchObject({ user: null, oneTap: true });
    // Coming back to the tab while expired keeps the page behind the sign-in, unless a login was stored meanwhile.
    if (event.type === 'REFRESH' && previous?.matches({ session: { anonymous: 'sessionExpired' } }) && stored === null) {
      expect(snapshot.matches({ session: { anonymous: 'sessionExpired' } })).toBe(true);
      expect(context.expiredUser).toEqual(previous.context.expiredUser);
    }
    // Whose session expired is remembered (in memory, for the page behind the sign-in) until someone signs in
    // or out; the user itself is cleared (docs/product.md, "Session expiry").
    const loaded = event.type === 'xstate.done.actor.fetchUserInfo' && event.output.code === 200;
    // Only a user the server had confirmed: a page built from an unconfirmed cached copy has nothing to keep.
    const restoredFromStorage = startedFetching && !(was('signedIn') || was('fetchingUser'));
    if (expiredHere) expect(context.expiredUser).toEqual(previous?.context.userConfirmed ? previous.context.user : null);
    else if (event.type === 'SIGNED_IN' || event.type === 'SIGNED_OUT_ELSEWHERE' || isLogoutSettled(event) || loaded || restoredFromStorage)
      expect(context.expiredUser).toBeNull();
    else expect(context.expiredUser).toEqual(previous?.context.expiredUser ?? null);
    // The user shown counts as confirmed only once the server has answered for it (or a sign-in brought it):
    // the copy restored from storage is not, whatever it says.
    if (loaded || event.type === 'SIGNED_IN') expect(context.userConfirmed).toBe(true);
    else if (context.user === null) expect(context.userConfirmed).toBe(false);
    else if (startedFetching && !(was('signedIn') || was('fetchingUser'))) expect(context.userConfirmed).toBe(false);
    else expect(context.userConfirmed).toBe(previous?.context.userConfirmed ?? false);

    if (event.type === 'SIGNED_IN') {
      expect(session('signedIn')).toBe(true);
      expect(context).toMatchObject({ user: event.user, oneTap: false });
    }
    if (event.type === 'API_KEY_SET') {
      expect(session('signedIn')).toBe(true);
      expect(context.user).toEqual({ ...previous?.context.user, apiKey: event.apiKey });
    }
    if (event.type === 'LOGOUT') expect(stepInvocations('logout')).toHaveLength(1);
    if (isLogoutSettled(event)) {
      expect(snapshot.matches({ session: { anonymous: 'signedOut' } }), 'logout never strands the user').toBe(true);
      expect(context).toMatchObject({ user: null, paymentCounter: 0, error: null });
    }
    if (event.type === 'SIGNED_OUT_ELSEWHERE') {
      expect(snapshot.matches({ session: { anonymous: 'signedOut' } })).toBe(true);
      expect(context.user).toBeNull();
    }

    // One Tap is told when it may show (flag on, nobody signed in) and when no longer: changes only, so a refresh
    // never brings back a prompt the visitor dismissed. It starts off, so nothing is said while it stays off.
    const wanted = context.oneTap && !session('signedIn');
    const wasWanted = previous ? previous.context.oneTap && !was('signedIn') : false;
    expect(snapshot.matches({ oneTapPrompt: wanted ? 'offered' : 'withheld' })).toBe(true);
    expect(stepReceived('googleOneTap')).toEqual(wanted === wasWanted ? [] : [{ type: wanted ? 'PROMPT_ALLOWED' : 'PROMPT_BLOCKED' }]);

    // The renewal offer hears of every account the server confirmed (a sign-in, a refresh, a payment), and of
    // nobody being signed in.
    const enteredSignedIn = session('signedIn') && (!was('signedIn') || event.type === 'SIGNED_IN');
    // A REFRESH while anonymous looks at storage again and comes back, unless it keeps an expired session's page.
    const lookedAgain = event.type === 'REFRESH' && !(previous?.matches({ session: { anonymous: 'sessionExpired' } }) && stored === null);
    const enteredAnonymous = session('anonymous') && (!was('anonymous') || lookedAgain);
    expect(stepReceived('earlyRenewal')).toEqual(
      enteredSignedIn ? [{ type: 'ACCOUNT_UPDATED', account: context.user }] : enteredAnonymous ? [{ type: 'ACCOUNT_UPDATED', account: null }] : [],
    );

    // The country lookup.
    const locating = snapshot.matches({ ipCountry: 'locating' });
    expect(stepInvocations('lookupIpCountry')).toHaveLength(locating && (event.type === 'xstate.init' || event.type === 'LOCATE_AGAIN') ? 1 : 0);
    if (snapshot.matches({ ipCountry: 'located' })) expect(context.ipCountry).toBe('DE');
    if (event.type === 'xstate.error.actor.lookupIpCountry') {
      expect(snapshot.matches({ ipCountry: 'unknown' })).toBe(true);
      expect(context.ipCountry).toBe(previous?.context.ipCountry);
    }
  },
});

/** A user actor whose user-info and logout calls never answer, with nowhere to keep a session, started. */
function startedUser(readStoredLogin: UserInput['readStoredLogin']) {
  return createActor(
    userMachine.provide({
      actors: {
        fetchUserInfo: fromPromise<ResultEnvelope<SessionUser>>(() => new Promise(() => undefined)),
        logout: fromPromise(() => new Promise(() => undefined)),
        lookupIpCountry: fromPromise(async () => 'US'),
        watchOtherTabs: fromCallback(() => undefined),
      },
      actions: KEEPS_NOTHING,
    }),
    { input: { readStoredLogin } },
  ).start();
}

describe('user machine: coming back to the tab while a session is expired', () => {
  function expiredActor(login: { current: StoredLogin | null }) {
    const actor = startedUser(() => login.current);
    actor.send({ type: 'SIGNED_IN', token: 'jwt-1', user: fetchedUser, isNewUser: false });
    actor.send({ type: 'SESSION_EXPIRED' });
    return actor;
  }

  it('keeps the page behind the sign-in when no login was stored meanwhile', () => {
    const actor = expiredActor({ current: null });
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().matches({ session: { anonymous: 'sessionExpired' } })).toBe(true);
    expect(actor.getSnapshot().context.expiredUser).toEqual(fetchedUser);
  });

  it('looks at a login another tab stored meanwhile', () => {
    const login: { current: StoredLogin | null } = { current: null };
    const actor = expiredActor(login);
    login.current = { token: 'jwt-2', cachedUser: newUser };
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().matches({ session: 'fetchingUser' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ user: newUser, expiredUser: null });
  });
});

describe('user machine: signing out while the account loads', () => {
  it('takes the sign-out pressed on the cached account while user-info is still on its way', () => {
    const actor = startedUser(() => ({ token: 'jwt-1', cachedUser: fetchedUser }));
    // A reload: the cached account shows (the header's menu with it) while user-info loads.
    expect(actor.getSnapshot().matches({ session: 'fetchingUser' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(fetchedUser);
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().matches({ session: 'loggingOut' })).toBe(true);
    actor.stop();
  });
});

describe('user machine: another tab signs out while this one loads the account', () => {
  it('signs out at once, and the account answer still on its way changes nothing', async () => {
    let answer: (result: ResultEnvelope<SessionUser>) => void = () => undefined;
    const actor = createActor(
      userMachine.provide({
        actors: {
          fetchUserInfo: fromPromise<ResultEnvelope<SessionUser>>(() => new Promise((resolve) => (answer = resolve))),
          logout: fromPromise(() => new Promise(() => undefined)),
          lookupIpCountry: fromPromise(async () => 'US'),
          watchOtherTabs: fromCallback(() => undefined),
        },
        actions: KEEPS_NOTHING,
      }),
      { input: { readStoredLogin: () => ({ token: 'jwt-1', cachedUser: fetchedUser }) } },
    ).start();
    expect(actor.getSnapshot().matches({ session: 'fetchingUser' })).toBe(true);

    actor.send({ type: 'SIGNED_OUT_ELSEWHERE' });
    expect(actor.getSnapshot().matches({ session: { anonymous: 'signedOut' } })).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();

    answer({ code: 200, msg: 'ok', data: fetchedUser });
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().matches({ session: { anonymous: 'signedOut' } })).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    actor.stop();
  });
});

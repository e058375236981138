import { and, assign, not, or, sendTo, setup, stateIn, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope, SessionUser } from '../src/common/types';
import { okData, refusal, rejection, type CallFailure } from './callErrors';
import { globalActor } from './globalActors';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from './notProvided';
import { errorKind } from './types';

/** What storage holds for a signed-in visitor; the reader is injected so REFRESH re-reads real storage. */
export interface StoredLogin {
  token: string;
  cachedUser: SessionUser | null;
}
type ReadStoredLogin = () => StoredLogin | null;

export interface UserInput {
  readStoredLogin: ReadStoredLogin;
}

export interface UserContext {
  readStoredLogin: ReadStoredLogin;
  user: SessionUser | null;
  /** Whether the Google one-tap prompt may show. */
  oneTap: boolean;
  /** Bumped on every successful payment, so views showing credits know to re-read. */
  paymentCounter: number;
  ipCountry: string | null;
  error: string | null;
  /**
   * Whose session just expired (the user is cleared: docs/product.md, "Session expiry"): in memory only, so the
   * page it was working on can stay, inert, behind the sign-in, and carry on if the same account signs back in.
   */
  expiredUser: SessionUser | null;
  /**
   * Whether the server has confirmed the user shown (user-info answered, or a sign-in). False while only the
   * cached copy is known: forms that edit saved settings wait for the confirmed one, as the cache may be old.
   */
  userConfirmed: boolean;
}

export type UserEvent =
  | { type: 'REFRESH' }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'PAYMENT_SUCCEEDED' }
  | { type: 'API_KEY_SET'; apiKey: string }
  | { type: 'SIGNED_IN'; token: string; user: SessionUser; isNewUser: boolean }
  | { type: 'SIGNED_OUT_ELSEWHERE' }
  | { type: 'LOCATE_AGAIN' }
  // What the invoked actors report; listed so the model test and the fuzz send them with types.
  | DoneActorEvent<ResultEnvelope<SessionUser>, 'fetchUserInfo'>
  | ErrorActorEvent<unknown, 'fetchUserInfo'>
  | DoneActorEvent<unknown, 'logout'>
  | ErrorActorEvent<unknown, 'logout'>
  | DoneActorEvent<string, 'lookupIpCountry'>
  | ErrorActorEvent<unknown, 'lookupIpCountry'>;

/**
 * The storage and tab actions of a user actor that has nowhere to keep a session and no other tab to tell: the
 * prerendered app at build time, and tests that start the machine directly.
 */
export const KEEPS_NOTHING = {
  cacheUser: () => undefined,
  persistLogin: () => undefined,
  clearStoredLogin: () => undefined,
  announceSignIn: () => undefined,
  announceSignOut: () => undefined,
};

export const userMachine = setup({
  types: {} as { context: UserContext; events: UserEvent; input: UserInput },
  actors: {
    fetchUserInfo: notProvidedActor<ResultEnvelope<SessionUser>>('fetchUserInfo'),
    logout: notProvidedActor<unknown>('logout'),
    lookupIpCountry: notProvidedActor<string>('lookupIpCountry'),
    // Listens to the other open tabs of this browser; sends REFRESH (someone signed in) or SIGNED_OUT_ELSEWHERE.
    watchOtherTabs: notProvidedCallback('watchOtherTabs'),
  },
  actions: {
    cacheUser: notProvidedAction('cacheUser'),
    persistLogin: notProvidedAction('persistLogin'),
    clearStoredLogin: notProvidedAction('clearStoredLogin'),
    // Tell the other tabs, so they follow within a second without a reload.
    announceSignIn: notProvidedAction('announceSignIn'),
    announceSignOut: notProvidedAction('announceSignOut'),
    // Signing out on a page that needs an account goes home: that page has nothing left to show but a sign-in.
    leaveAccountPage: notProvidedAction('leaveAccountPage'),
    applyCachedUser: assign({ user: ({ context }) => context.readStoredLogin()?.cachedUser ?? null, userConfirmed: false, expiredUser: null }),
    clearUser: assign({ user: null, userConfirmed: false }),
    // Only a user the server confirmed: a page built from an unconfirmed cached copy holds nothing worth keeping.
    rememberExpiredUser: assign({ expiredUser: ({ context }) => (context.userConfirmed ? context.user : null) }),
    forgetExpiredUser: assign({ expiredUser: null }),
    enableOneTap: assign({ oneTap: true }),
    disableOneTap: assign({ oneTap: false }),
    // The user the server confirmed.
    setUserFromResponse: assign((_, user: SessionUser) => ({ user, error: null, expiredUser: null, userConfirmed: true })),
    setUserFromEvent: assign({
      user: ({ context, event }) => (event.type === 'SIGNED_IN' ? event.user : context.user),
      error: null,
      expiredUser: null,
      userConfirmed: true,
    }),
    // Why the call failed (a refused answer or a rejected call), for the view to word.
    setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
    incrementPaymentCounter: assign({ paymentCounter: ({ context }) => context.paymentCounter + 1 }),
    setApiKey: assign({
      user: ({ context, event }) => (event.type === 'API_KEY_SET' && context.user ? { ...context.user, apiKey: event.apiKey } : context.user),
    }),
    resetUserState: assign({ paymentCounter: 0, error: null, expiredUser: null }),
    // One Tap learns when it may show and when no longer (a change only: see the oneTapPrompt region).
    allowOneTap: sendTo(globalActor('googleOneTap'), { type: 'PROMPT_ALLOWED' }),
    blockOneTap: sendTo(globalActor('googleOneTap'), { type: 'PROMPT_BLOCKED' }),
    // The renewal offer decides from the account the server confirmed, and closes when nobody is signed in.
    tellEarlyRenewalAccount: sendTo(globalActor('earlyRenewal'), ({ context }) => ({ type: 'ACCOUNT_UPDATED', account: context.user })),
    tellEarlyRenewalSignedOut: sendTo(globalActor('earlyRenewal'), { type: 'ACCOUNT_UPDATED', account: null }),
    setIpCountry: assign((_, ipCountry: string) => ({ ipCountry })),
  },
  guards: {
    hasStoredLogin: ({ context }) => context.readStoredLogin() !== null,
    // Coming back to the tab while a session is expired must not drop the page kept behind the sign-in: only a
    // login stored meanwhile (another tab signed in) is worth looking at then.
    mayLookForStoredLogin: or([not(stateIn({ session: { anonymous: 'sessionExpired' } })), 'hasStoredLogin']),
    oneTapFlagOn: ({ context }) => context.oneTap,
    // One Tap is wanted while its flag is on and nobody is signed in.
    oneTapWanted: and(['oneTapFlagOn', not(stateIn({ session: 'signedIn' }))]),
    isOk: (_, { code }: { code: number | string }) => code === 200,
    isSessionExpiredError: (_, { error }: { error: unknown }) => errorKind(error) === 'sessionExpired',
    isNetworkError: (_, { error }: { error: unknown }) => {
      const kind = errorKind(error);
      return kind === 'network' || kind === 'timeout';
    },
  },
}).createMachine({
  id: 'user',
  type: 'parallel',
  invoke: { id: 'watchOtherTabs', src: 'watchOtherTabs' },
  context: ({ input }) => ({
    readStoredLogin: input.readStoredLogin,
    user: null,
    oneTap: false,
    paymentCounter: 0,
    ipCountry: null,
    error: null,
    expiredUser: null,
    userConfirmed: false,
  }),
  states: {
    session: {
      initial: 'checkingStoredLogin',
      states: {
        checkingStoredLogin: {
          always: [
            { guard: 'hasStoredLogin', target: 'fetchingUser', actions: 'applyCachedUser' },
            { target: 'anonymous.noStoredLogin', actions: ['clearUser', 'enableOneTap'] },
          ],
        },
        // No REFRESH here: a refresh while the user is loading is skipped. LOGOUT is taken: the cached user shows
        // (with the account menu) while it loads, and a sign-out pressed then must not be lost. Nor a sign-out in
        // another tab: a page's loads refresh the account often, and the answer on its way is for a session that
        // has ended.
        fetchingUser: {
          tags: 'loading',
          on: {
            LOGOUT: 'loggingOut',
            SIGNED_OUT_ELSEWHERE: { target: 'anonymous.signedOut', actions: ['clearUser', 'forgetExpiredUser'] },
          },
          invoke: {
            id: 'fetchUserInfo',
            src: 'fetchUserInfo',
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ code: event.output.code }) },
                target: 'signedIn',
                actions: [{ type: 'setUserFromResponse', params: ({ event }) => okData(event.output) }, 'disableOneTap', 'cacheUser'],
              },
              { target: 'failed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
            ],
            onError: [
              {
                guard: { type: 'isSessionExpiredError', params: ({ event }) => ({ error: event.error }) },
                target: 'anonymous.sessionExpired',
                actions: ['rememberExpiredUser', 'clearUser', 'enableOneTap', 'announceSignOut'],
              },
              {
                guard: { type: 'isNetworkError', params: ({ event }) => ({ error: event.error }) },
                target: 'failed',
                actions: [{ type: 'setError', params: ({ event }) => rejection(event.error) }, 'enableOneTap'],
              },
              { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
            ],
          },
        },
        signedIn: {
          tags: 'signedIn',
          entry: 'tellEarlyRenewalAccount',
          on: {
            REFRESH: 'fetchingUser',
            LOGOUT: 'loggingOut',
            SESSION_EXPIRED: { target: 'anonymous.sessionExpired', actions: ['rememberExpiredUser', 'clearUser', 'enableOneTap', 'announceSignOut'] },
            PAYMENT_SUCCEEDED: { target: 'fetchingUser', actions: 'incrementPaymentCounter' },
            API_KEY_SET: { actions: ['setApiKey', 'cacheUser'] },
            SIGNED_IN: { target: 'signedIn', reenter: true, actions: ['persistLogin', 'setUserFromEvent', 'disableOneTap', 'announceSignIn'] },
            // Another tab logged out and already cleared storage.
            SIGNED_OUT_ELSEWHERE: { target: 'anonymous.signedOut', actions: ['clearUser', 'forgetExpiredUser'] },
          },
        },
        // Logout never strands the user: whatever the server says, the local session ends.
        loggingOut: {
          tags: ['loading', 'busy'],
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: {
              target: 'anonymous.signedOut',
              actions: ['clearStoredLogin', 'clearUser', 'resetUserState', 'announceSignOut', 'leaveAccountPage'],
            },
            onError: {
              target: 'anonymous.signedOut',
              actions: ['clearStoredLogin', 'clearUser', 'resetUserState', 'announceSignOut', 'leaveAccountPage'],
            },
          },
        },
        // Keeps the cached user, if any, so a flaky network does not sign the visitor out.
        failed: {
          tags: 'failed',
          on: {
            REFRESH: 'checkingStoredLogin',
            LOGOUT: 'loggingOut',
            SIGNED_IN: { target: 'signedIn', actions: ['persistLogin', 'setUserFromEvent', 'disableOneTap', 'announceSignIn'] },
            SESSION_EXPIRED: { target: 'anonymous.sessionExpired', actions: ['rememberExpiredUser', 'clearUser', 'enableOneTap', 'announceSignOut'] },
            SIGNED_OUT_ELSEWHERE: { target: 'anonymous.signedOut', actions: ['clearUser', 'forgetExpiredUser'] },
          },
        },
        anonymous: {
          tags: 'anonymous',
          entry: 'tellEarlyRenewalSignedOut',
          initial: 'noStoredLogin',
          states: {
            noStoredLogin: {},
            signedOut: {},
            sessionExpired: {},
          },
          on: {
            SIGNED_IN: { target: 'signedIn', actions: ['persistLogin', 'setUserFromEvent', 'disableOneTap', 'announceSignIn'] },
            REFRESH: { guard: 'mayLookForStoredLogin', target: 'checkingStoredLogin' },
          },
        },
      },
    },
    // Whether One Tap was told it may show. It starts withheld, as One Tap starts off, and follows the session:
    // One Tap hears of changes only, so a credit refresh or the IP country never brings back a dismissed prompt.
    oneTapPrompt: {
      initial: 'withheld',
      states: {
        withheld: {
          always: { guard: 'oneTapWanted', target: 'offered', actions: 'allowOneTap' },
        },
        offered: {
          always: { guard: not('oneTapWanted'), target: 'withheld', actions: 'blockOneTap' },
        },
      },
    },
    ipCountry: {
      initial: 'locating',
      states: {
        locating: {
          invoke: {
            id: 'lookupIpCountry',
            src: 'lookupIpCountry',
            onDone: { target: 'located', actions: { type: 'setIpCountry', params: ({ event }) => event.output } },
            onError: 'unknown',
          },
        },
        located: { on: { LOCATE_AGAIN: 'locating' } },
        unknown: { on: { LOCATE_AGAIN: 'locating' } },
      },
    },
  },
});

import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { userMachine } from '../../machines/user.machine';
import type { ResultEnvelope, SessionUser } from '../common/types';
import { logout } from '../api/auth';
import { userInfo } from '../api/user';
import { creditBalance } from '../api/generation';
import type { User } from '../api/contract';
import { clearStoredLogin, persistLogin, saveCachedUser } from '../services/session';
import { lookupIpCountry } from '../services/ipCountry';
import { needsAccount } from '../domain/accountPages';
import { announceSessionChange, watchSessionChanges } from '../services/sessionSync';

// The API's user is what the session machine holds; this fails to compile if the two drift apart.
type Assignable<T extends SessionUser> = T;
export type AppUser = Assignable<User>;

/** How long signing in or loading the user waits for the balance before going on without it. */
const BALANCE_WAIT_MS = 5000;

/**
 * The balance as the task API reports it for the user's key, or null if it cannot be read in time: then the
 * platform's own figure stands, if it sent one. The platform's user-info may carry no credit field at all.
 */
async function readBalance(apiKey: string): Promise<number | null> {
  if (apiKey === '') return null;
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(), BALANCE_WAIT_MS);
  try {
    const answer = await creditBalance(apiKey, { signal: giveUp.signal });
    return answer.code === 200 ? answer.data : null;
  } catch {
    // A refused key, the network, too slow: an unknown balance blocks nothing (the next refresh tries again).
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A user with the task API's balance in place of whatever the platform said (kept when none can be read). */
export async function withBalance<U extends Pick<SessionUser, 'apiKey' | 'credits'>>(user: U): Promise<U> {
  const credits = await readBalance(user.apiKey);
  return credits === null ? user : { ...user, credits };
}

async function fetchAccount(): Promise<ResultEnvelope<SessionUser>> {
  const answer = await userInfo();
  return answer.code === 200 ? { ...answer, data: await withBalance(answer.data) } : answer;
}

export const userLogic = userMachine.provide({
  actors: {
    fetchUserInfo: fromPromise<ResultEnvelope<SessionUser>>(() => fetchAccount()),
    logout: fromPromise<unknown>(() => logout()),
    lookupIpCountry: fromPromise(({ signal }) => lookupIpCountry(signal)),
    watchOtherTabs: fromCallback(({ sendBack }) =>
      // A sign-in elsewhere wrote the shared cookie: re-read it. A sign-out elsewhere already cleared it.
      watchSessionChanges((change) => sendBack(change === 'signedIn' ? { type: 'REFRESH' } : { type: 'SIGNED_OUT_ELSEWHERE' })),
    ),
  },
  actions: {
    cacheUser: ({ context }) => saveCachedUser(context.user as AppUser | null),
    persistLogin: ({ event }) => {
      if (event.type === 'SIGNED_IN') persistLogin({ token: event.token, userInfo: event.user as AppUser });
    },
    clearStoredLogin: () => clearStoredLogin(),
    announceSignIn: () => announceSessionChange('signedIn'),
    announceSignOut: () => announceSessionChange('signedOut'),
    // Replaces the address: Back must not return to a page that would only ask to sign in again.
    leaveAccountPage: () => {
      if (needsAccount(location.pathname)) navigate('/', { replace: true });
    },
  },
});

type UserSnapshot = SnapshotFrom<typeof userMachine>;

/**
 * Where the signed-in user's API key stands. It is never stored, so after a reload it is known only once
 * user-info answers: until then it is loading, and if user-info cannot be reached it is unavailable.
 */
export type ApiKeyState = 'signedOut' | 'loading' | 'ready' | 'unavailable' | 'missing';

function apiKeyState(s: UserSnapshot): ApiKeyState {
  const { user, userConfirmed } = s.context;
  if (user === null) return 'signedOut';
  if (user.apiKey !== '') return 'ready';
  if (userConfirmed) return 'missing';
  return s.hasTag('failed') ? 'unavailable' : 'loading';
}

export const userSelectors = {
  user: (s: UserSnapshot) => s.context.user as AppUser | null,
  isSignedIn: (s: UserSnapshot) => s.hasTag('signedIn'),
  apiKeyState,
  /** Fetching the user for the first time with nothing cached: the header shows a placeholder. */
  isResolving: (s: UserSnapshot) => s.hasTag('loading') && s.context.user === null,
  isLoggingOut: (s: UserSnapshot) => s.matches({ session: 'loggingOut' }),
  isAnonymous: (s: UserSnapshot) => s.hasTag('anonymous'),
  isSessionExpired: (s: UserSnapshot) => s.matches({ session: { anonymous: 'sessionExpired' } }),
  /**
   * Whether forms that edit saved settings may start: once the server has confirmed the user (the cached copy
   * may predate the last save), or when it cannot be reached (the cached copy is all there is), or while a
   * session that the server had confirmed is expired (the forms already on screen keep what was typed).
   */
  areSavedSettingsKnown: (s: UserSnapshot) =>
    s.context.userConfirmed ||
    s.hasTag('failed') ||
    // Trying again after a failure (coming back to the tab): the forms already open stay, with what was typed.
    (s.hasTag('loading') && s.context.error !== null) ||
    s.matches({ session: { anonymous: 'sessionExpired' } }),
  /**
   * Whose page to show: the signed-in user, or, while a session is expired, the user it was (the page stays,
   * inert, behind the sign-in, so nothing typed is lost; another account starts it afresh).
   */
  accountInView: (s: UserSnapshot) =>
    (s.context.user ?? (s.matches({ session: { anonymous: 'sessionExpired' } }) ? s.context.expiredUser : null)) as AppUser | null,
};

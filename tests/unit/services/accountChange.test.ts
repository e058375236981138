import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { userMachine } from '../../../machines/user.machine';
import type { ResultEnvelope, SessionUser } from '../../../src/common/types';
import { followAccountChanges } from '../../../src/actors/payments';
import { accountChanged, followAccount, onAccountChange } from '../../../src/services/accountChange';
import { untilOutcome } from '../waits';

const unregister: Array<() => void> = [];
function registered(reset: () => void | Promise<void> = () => undefined) {
  const spy = vi.fn(reset);
  unregister.push(onAccountChange(spy));
  return spy;
}

afterEach(() => {
  for (const off of unregister.splice(0)) off();
});

describe('resets on account change', () => {
  it('runs every registered reset, and none once unregistered', () => {
    const first = registered();
    const second = registered();
    accountChanged();
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    unregister.shift()?.();
    accountChanged();
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 2]);
  });

  it('a reset that fails is logged and keeps none of the others from running', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registered(() => {
      throw new Error('gone already');
    });
    registered(() => Promise.reject(new Error('async too')));
    const last = registered();
    accountChanged();
    expect(last).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2), untilOutcome);
  });
});

describe('following whose account the tab shows', () => {
  /** A stand-in for an actor: the test sets its snapshot. */
  function source(initial: string | null) {
    let listener: ((snapshot: string | null) => void) | null = null;
    let current = initial;
    return {
      getSnapshot: () => current,
      subscribe: (next: (snapshot: string | null) => void) => {
        listener = next;
      },
      set(value: string | null) {
        current = value;
        listener?.(value);
      },
    };
  }

  it('resets when another account, or nobody, takes the tab; not for the same account', () => {
    const reset = registered();
    const tab = source('ada');
    followAccount(tab, (snapshot) => snapshot);
    tab.set('ada');
    expect(reset).not.toHaveBeenCalled();
    tab.set(null);
    expect(reset).toHaveBeenCalledTimes(1);
    tab.set('bob');
    expect(reset).toHaveBeenCalledTimes(2);
    tab.set('bob');
    expect(reset).toHaveBeenCalledTimes(2);
  });

  it('follows a source once however often it is asked', () => {
    const reset = registered();
    const tab = source('ada');
    followAccount(tab, (snapshot) => snapshot);
    followAccount(tab, (snapshot) => snapshot);
    tab.set('bob');
    expect(reset).toHaveBeenCalledTimes(1);
  });
});

describe('the user actor, as the checkout follows it', () => {
  const ada: SessionUser = { id: 'u-ada', email: 'ada@example.com', apiKey: 'nb_ada', credits: 100 };
  const bob: SessionUser = { id: 'u-bob', email: 'bob@example.com', apiKey: 'nb_bob', credits: 5 };

  function signedInAs(user: SessionUser) {
    const actor = createActor(
      userMachine.provide({
        actors: {
          fetchUserInfo: fromPromise<ResultEnvelope<SessionUser>>(() => Promise.resolve({ code: 200, msg: 'ok', data: user })),
          logout: fromPromise<unknown>(() => Promise.resolve(null)),
          lookupIpCountry: fromPromise<string>(() => new Promise(() => undefined)),
          watchOtherTabs: fromCallback(() => undefined),
        },
        actions: {
          cacheUser: () => {},
          persistLogin: () => {},
          clearStoredLogin: () => {},
          announceSignIn: () => {},
          announceSignOut: () => {},
          leaveAccountPage: () => {},
        },
      }),
      { input: { readStoredLogin: () => ({ token: 'jwt', cachedUser: user }) } },
    );
    actor.start();
    return actor;
  }

  it('an expired session keeps its account: the same account signing back in resets nothing, another one does', async () => {
    const reset = registered();
    const user = signedInAs(ada);
    await waitFor(user, (s) => s.hasTag('signedIn'));
    followAccountChanges(user);

    user.send({ type: 'SESSION_EXPIRED' });
    user.send({ type: 'SIGNED_IN', token: 'jwt-2', user: ada, isNewUser: false });
    expect(reset).not.toHaveBeenCalled();

    user.send({ type: 'SESSION_EXPIRED' });
    user.send({ type: 'SIGNED_IN', token: 'jwt-3', user: bob, isNewUser: false });
    expect(reset).toHaveBeenCalledTimes(1);
    user.stop();
  });

  it('signing out resets, and so does the next account signing in', async () => {
    const reset = registered();
    const user = signedInAs(ada);
    await waitFor(user, (s) => s.hasTag('signedIn'));
    followAccountChanges(user);

    user.send({ type: 'LOGOUT' });
    await waitFor(user, (s) => s.hasTag('anonymous'));
    expect(reset).toHaveBeenCalledTimes(1);
    user.send({ type: 'SIGNED_IN', token: 'jwt-2', user: bob, isNewUser: false });
    expect(reset).toHaveBeenCalledTimes(2);
    user.stop();
  });

  it('another tab signing out is followed like a sign-out here', async () => {
    const reset = registered();
    const user = signedInAs(ada);
    await waitFor(user, (s) => s.hasTag('signedIn'));
    followAccountChanges(user);
    user.send({ type: 'SIGNED_OUT_ELSEWHERE' });
    expect(reset).toHaveBeenCalledTimes(1);
    user.stop();
  });
});

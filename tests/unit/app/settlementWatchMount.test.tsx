/**
 * The app shell's mount point of the settlement watch: the watch's code is asked for only once the signed-in account
 * has an order waiting on this browser (another account's list does not count), whether the order was put there before
 * the page opened or while it is open; once asked for it stays, and its chart follows the account.
 */
import type { ComponentType } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor as waitForActor, type AnyActorRef } from 'xstate';
import type * as RetryableLazy from '../../../src/ui/retryableLazy';
import { ORIGIN, signUp, startDemoServer } from '../demo/helpers';

startDemoServer();

// Counts the requests for the watch's code: the shell's lazy component asks for it as it first renders, so a count
// read right after a render (inside act) says whether the shell wanted the watch.
const requested = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/ui/retryableLazy', async (importOriginal) => {
  const actual = await importOriginal<typeof RetryableLazy>();
  return {
    ...actual,
    retryableLazy: <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) =>
      actual.retryableLazy(() => {
        requested.count += 1;
        return load();
      }),
  };
});

/**
 * The app's modules afresh for each test: the lazy component keeps the watch's code once it arrived (it would not be
 * asked for again), and the watch list's listeners are the module's own.
 */
async function freshModules() {
  vi.resetModules();
  const [{ startApp }, { AppActorProvider }, { SettlementWatchMount }, { configureApiClient }, { demoGoogle }, { watchSettlingOrder }] =
    await Promise.all([
      import('../../../src/actors/app'),
      import('../../../src/actors/AppActorContext'),
      import('../../../src/app/SettlementWatchMount'),
      import('../../../src/api/client'),
      import('../../../src/demo/boot'),
      import('../../../src/services/settlingOrders'),
    ]);
  configureApiClient({ baseURL: ORIGIN });
  return { startApp, AppActorProvider, SettlementWatchMount, demoGoogle, watchSettlingOrder };
}
type Modules = Awaited<ReturnType<typeof freshModules>>;

let stopApp: (() => void) | null = null;
beforeEach(() => {
  localStorage.clear();
  requested.count = 0;
});
afterEach(() => {
  cleanup();
  stopApp?.();
  stopApp = null;
  document.cookie = 'authorization=; Max-Age=0; path=/';
});

/** Someone signs in (a new account of the demo API), then the shell's mount point renders. */
async function signedInShell(modules: Modules, before: (accountId: string) => void = () => undefined) {
  const { startApp, AppActorProvider, SettlementWatchMount, demoGoogle } = modules;
  const signed = await signUp();
  before(signed.userInfo.id);
  const app = startApp({ google: { ...demoGoogle, prompt: () => () => undefined } });
  stopApp = () => app.stop();
  const user = app.system.get('user') as AnyActorRef;
  user.send({ type: 'SIGNED_IN', token: signed.token, user: signed.userInfo, isNewUser: false });
  await waitForActor(user, (snapshot) => snapshot.hasTag('signedIn'));
  render(
    <AppActorProvider actor={app}>
      <SettlementWatchMount />
    </AppActorProvider>,
  );
  return { accountId: signed.userInfo.id, user };
}

const waiting = (orderNo: string) => ({ orderNo, provider: 'nowpayments' as const, packageId: 'builder' });

describe('the settlement watch’s mount point', () => {
  it('asks for nothing while the signed-in account has nothing waiting, whatever other accounts have', async () => {
    const modules = await freshModules();
    modules.watchSettlingOrder('u-someone-else', waiting('NB1'));
    await signedInShell(modules);
    expect(requested.count).toBe(0);
    act(() => modules.watchSettlingOrder('u-someone-else', waiting('NB2')));
    expect(requested.count).toBe(0);
  });

  it('asks for the watch once an order of the signed-in account starts waiting while the page is open', async () => {
    const modules = await freshModules();
    const { accountId } = await signedInShell(modules);
    expect(requested.count).toBe(0);
    act(() => modules.watchSettlingOrder(accountId, waiting('NB3')));
    expect(requested.count).toBe(1);
  });

  it('asks for the watch at once when the account already has an order waiting (a later visit), and keeps it', async () => {
    const modules = await freshModules();
    const { user } = await signedInShell(modules, (accountId) => modules.watchSettlingOrder(accountId, waiting('NB4')));
    expect(requested.count).toBe(1);
    // Signed out: the watch stays (its chart stops checking: machines/settlementWatch.machine.ts), nothing is asked again.
    act(() => user.send({ type: 'LOGOUT' }));
    expect(requested.count).toBe(1);
  });
});

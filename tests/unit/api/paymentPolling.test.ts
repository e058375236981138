/**
 * The payment machines as the app wires them (src/actors/payments.ts) over the real API client: the tab's visibility
 * reaches the polling, a WeChat code's life is capped where the answer enters, and a pending order names its account.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { i18n } from '@lingui/core';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { QR_MAX_WAIT_MS } from '../../../machines/payment.shared';
import { configureApiClient } from '../../../src/api/client';
import { endpoints, type EndpointName } from '../../../src/api/contract';
import type { UserActor } from '../../../src/actors/app';
import { createRedirectPaymentLogic, createWechatPaymentLogic } from '../../../src/actors/payments';
import { readPendingOrder } from '../../../src/services/pendingOrder';

const ORIGIN = 'http://localhost:5173';
const server = setupServer();
const user = { send: vi.fn() } as unknown as UserActor;
const wiring = { user, onPaid: () => undefined, paypal: null, accountId: 'u-ada' };

/** Answers one endpoint with `reply`, counting the calls. */
function answer(name: EndpointName, reply: () => Response): { calls: number } {
  const seen = { calls: 0 };
  server.use(
    http.post(`${ORIGIN}${endpoints[name].path}`, () => {
      seen.calls += 1;
      return reply();
    }),
  );
  return seen;
}

const ok = (data: unknown) => () => HttpResponse.json({ code: 200, msg: 'success', data });
const noOrderYet = ok({ records: [], total: 0, pageNum: 1, pageSize: 1 });

let visibility: DocumentVisibilityState = 'visible';
function showTab(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  configureApiClient({ baseURL: ORIGIN });
  sessionStorage.clear();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
/** The payment's poller, which the test waits on: it checks, waits and pauses on its own. */
function pollerOf(actor: { getSnapshot(): { children: { poller?: AnyActorRef } } }): AnyActorRef {
  const poller = actor.getSnapshot().children.poller;
  if (!poller) throw new Error('the payment is not polling');
  return poller;
}

// A test that failed half-way leaves its actor running: stopped here, it cannot ask on the next test's time.
const running: Array<{ stop(): void }> = [];
function started<T extends { start(): T; stop(): void }>(actor: T): T {
  running.push(actor);
  return actor.start();
}
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
  server.resetHandlers();
});

describe('WeChat Pay as the app runs it', () => {
  /** Pays with WeChat while the server answers the order with `expireTime`: when PAY was sent, and the expiry the app kept. */
  async function keptExpiry(expireTime: string): Promise<{ before: number; expiresAt: number }> {
    answer('wechatCreate', ok({ orderNo: 'NB1', codeUrl: 'weixin://pay/NB1', expireTime }));
    answer('payOrderList', noOrderYet);
    const actor = started(createActor(createWechatPaymentLogic(wiring), { input: { resume: null } }));
    const before = Date.now();
    actor.send({ type: 'PAY', packageId: 'starter' });
    await waitFor(actor, (snapshot) => snapshot.matches('awaitingScan'));
    const expiresAt = Date.parse(actor.getSnapshot().context.order?.expireTime ?? '');
    actor.stop();
    return { before, expiresAt };
  }

  it('a code the server says lives until 2999 is kept, and shown, for 15 minutes', async () => {
    const { before, expiresAt } = await keptExpiry('2999-01-01T00:00:00Z');
    expect(expiresAt).toBeGreaterThanOrEqual(before + QR_MAX_WAIT_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + QR_MAX_WAIT_MS);
  });

  it('an unreadable expiry from the server is read as 15 minutes', async () => {
    const { before, expiresAt } = await keptExpiry('soon');
    expect(expiresAt - before).toBeGreaterThanOrEqual(QR_MAX_WAIT_MS);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(QR_MAX_WAIT_MS);
  });

  it('stops asking while the tab is hidden, and asks at once when it shows again', async () => {
    answer('wechatCreate', ok({ orderNo: 'NB1', codeUrl: 'weixin://pay/NB1', expireTime: new Date(Date.now() + 5 * 60_000).toISOString() }));
    const checks = answer('payOrderList', noOrderYet);
    const actor = started(createActor(createWechatPaymentLogic(wiring), { input: { resume: null } }));
    actor.send({ type: 'PAY', packageId: 'starter' });
    await waitFor(actor, (snapshot) => snapshot.matches({ awaitingScan: 'polling' }));
    const poller = pollerOf(actor);
    await waitFor(poller, (snapshot) => snapshot.matches({ polling: 'waiting' }));
    expect(checks.calls).toBe(1);

    showTab('hidden');
    expect(poller.getSnapshot().matches({ polling: 'pausedWhileHidden' })).toBe(true);
    showTab('visible');
    await waitFor(poller, (snapshot) => snapshot.matches({ polling: 'waiting' }));
    expect(checks.calls).toBe(2);
    actor.stop();
  });

  it('a tab that is hidden when the order is looked up or confirmed asks nothing until it shows', async () => {
    // The order is listed, pending: the page found it again and confirms it.
    const listed = {
      orderNo: 'NB1',
      createTime: new Date().toISOString(),
      provider: 'wechat',
      packageId: 'starter',
      amount: 10,
      currency: 'USD',
      credits: 1000,
      status: 'pending',
      invoiceStatus: 'none',
      invoiceUrl: null,
    };
    const lists = answer('payOrderList', ok({ records: [listed], total: 1, pageNum: 1, pageSize: 1 }));
    showTab('hidden');
    const actor = started(
      createActor(createWechatPaymentLogic(wiring), { input: { resume: { orderNo: 'NB1', packageId: 'starter', returnedAs: 'reloaded' } } }),
    );
    // The look-up goes through the shared poller too: paused while nobody looks.
    const lookup = actor.getSnapshot().children.lookup;
    if (!lookup) throw new Error('the order is not being looked up');
    await waitFor(lookup, (snapshot) => snapshot.matches({ polling: 'pausedWhileHidden' }));
    expect(lists.calls).toBe(0);
    showTab('visible');
    await waitFor(actor, (snapshot) => snapshot.matches('confirming'));
    expect(lists.calls).toBeGreaterThanOrEqual(1);
    showTab('hidden');
    const poller = pollerOf(actor);
    await waitFor(poller, (snapshot) => snapshot.matches({ polling: 'pausedWhileHidden' }));
    actor.stop();
    // Stopped: it no longer listens.
    showTab('visible');
    expect(poller.getSnapshot().matches({ polling: 'pausedWhileHidden' })).toBe(true);
  });
});

describe('the pending order', () => {
  it('is stored with the account that started it', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    answer('creemCheckout', ok({ orderNo: 'NB4', checkoutUrl: `${ORIGIN}/demo-checkout/creem?orderNo=NB4` }));
    const actor = started(createActor(createRedirectPaymentLogic('creem', wiring), { input: { resume: null } }));
    actor.send({ type: 'PAY', packageId: 'starter' });
    await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
    expect(readPendingOrder()).toMatchObject({ provider: 'creem', orderNo: 'NB4', accountId: 'u-ada' });
    actor.stop();
  });
});

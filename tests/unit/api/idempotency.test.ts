/**
 * One order per purchase and one task per generation when an answer is lost: the app's real wiring (src/actors)
 * over the real API client, against a server that records what it is sent.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import toast from 'react-hot-toast';
import * as v from 'valibot';
import { i18n } from '@lingui/core';
import { createActor, waitFor } from 'xstate';
import { configureApiClient } from '../../../src/api/client';
import { endpoints, type EndpointName, type UsageRecord } from '../../../src/api/contract';
import { CreateOrderRequestSchema, PaypalCreateRequestSchema } from '../../../src/api/orderRequests';
import type { UserActor } from '../../../src/actors/app';
import { CLOCK_SKEW_MS, createGenerationLogic, findTaskFromRequest, isSameRequest } from '../../../src/actors/generation';
import { createPaypalPaymentLogic, createRedirectPaymentLogic, createWechatPaymentLogic, newIdempotencyKey } from '../../../src/actors/payments';
import { DEFAULT_DRAFT, callFromDraft, draftCost, validateDraft } from '../../../src/domain/generationDraft';
import type { GenerationDraft } from '../../../machines/generation.machine';

const ORIGIN = 'http://localhost:5173';
const GENERATION_ORIGIN = 'https://tasks.example.test';
const server = setupServer();
const user = { send: vi.fn() } as unknown as UserActor;

function urlOf(name: EndpointName): string {
  const { path, host } = endpoints[name] as { path: string; host?: string };
  return `${host === 'generation' ? GENERATION_ORIGIN : ORIGIN}${path}`;
}

/** Answers one endpoint with each reply in turn (the last one for any further call), recording the JSON bodies. */
function answer(name: EndpointName, ...replies: Array<() => Response>): unknown[] {
  const bodies: unknown[] = [];
  const on = endpoints[name].method === 'GET' ? http.get : http.post;
  server.use(
    on(urlOf(name), async ({ request }) => {
      const text = await request.text();
      bodies.push(text === '' ? null : (JSON.parse(text) as unknown));
      const reply = replies[Math.min(bodies.length, replies.length) - 1];
      if (!reply) throw new Error(`no reply for ${name}`);
      return reply();
    }),
  );
  return bodies;
}

const ok = (data: unknown) => () => HttpResponse.json({ code: 200, msg: 'success', data });
const lost = () => HttpResponse.error();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  vi.spyOn(toast, 'error').mockReturnValue('toast');
  vi.spyOn(toast, 'success').mockReturnValue('toast');
  configureApiClient({ baseURL: ORIGIN, generationBaseURL: GENERATION_ORIGIN });
  sessionStorage.clear();
});
afterEach(() => server.resetHandlers());

const wiring = { user, onPaid: () => undefined, paypal: null };

describe('order creation carries an idempotency key', () => {
  it('a random UUID per purchase', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID);
  });

  it('sends the same key when the buyer tries again after a lost answer, and a new one for the next purchase', async () => {
    const location = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const bodies = answer('creemCheckout', lost, ok({ orderNo: 'NB1', checkoutUrl: `${ORIGIN}/demo-checkout/creem?orderNo=NB1` }));
    const actor = createActor(createRedirectPaymentLogic('creem', wiring), { input: { resume: null } }).start();
    actor.send({ type: 'PAY', packageId: 'builder' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
    expect(bodies).toHaveLength(2);
    const [first, retry] = bodies;
    // What the contract documents, key included; the retry is the very same request.
    expect(v.parse(CreateOrderRequestSchema, first)).toMatchObject({ packageId: 'builder', idempotencyKey: expect.stringMatching(UUID) as string });
    expect(retry).toEqual(first);
    expect(location).toHaveBeenCalledTimes(1);

    // The order was made and the buyer came back to buy again: a new purchase, a new key.
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
    expect(bodies).toHaveLength(3);
    expect((bodies[2] as { idempotencyKey: string }).idempotencyKey).not.toBe((first as { idempotencyKey: string }).idempotencyKey);
    actor.stop();
  });

  it('a refused order is not retried under the same key: the server answered, so trying again is a new purchase', async () => {
    const bodies = answer(
      'wechatCreate',
      () => HttpResponse.json({ code: 500001, msg: 'Busy', data: null }),
      ok({ orderNo: 'NB2', codeUrl: 'weixin://pay/NB2', expireTime: new Date(Date.now() + 60_000).toISOString() }),
    );
    answer('payOrderList', ok({ records: [], total: 0, pageNum: 1, pageSize: 1 }));
    const actor = createActor(createWechatPaymentLogic(wiring), { input: { resume: null } }).start();
    actor.send({ type: 'PAY', packageId: 'starter' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('awaitingScan'));
    const [first, retry] = bodies as Array<{ idempotencyKey: string }>;
    expect(first?.idempotencyKey).toMatch(UUID);
    expect(retry?.idempotencyKey).toMatch(UUID);
    expect(retry?.idempotencyKey).not.toBe(first?.idempotencyKey);
    actor.stop();
  });

  it('PayPal sends the key beside the saved method', async () => {
    const bodies = answer('paypalCreate', lost, () =>
      HttpResponse.json({ code: 200, msg: 'success', data: { orderNo: 'NB3', paypalOrderId: 'PP-3' } }),
    );
    answer('paypalCapture', ok({ orderNo: 'NB3', status: 'paid' }));
    const actor = createActor(createPaypalPaymentLogic(wiring), { input: { resume: null } }).start();
    actor.send({ type: 'PAY', packageId: 'starter', vaultId: 'PV-1' });
    // A saved method is charged once the buyer confirms it; nothing is sent before.
    expect(actor.getSnapshot().matches('confirmingCharge')).toBe(true);
    expect(bodies).toEqual([]);
    actor.send({ type: 'CONFIRM_CHARGE' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('paid'));
    expect(v.parse(PaypalCreateRequestSchema, bodies[0])).toMatchObject({
      packageId: 'starter',
      vaultId: 'PV-1',
      idempotencyKey: expect.stringMatching(UUID) as string,
    });
    expect(bodies[1]).toEqual(bodies[0]);
    actor.stop();
  });
});

describe('a generation whose create answer is lost', () => {
  const draft: GenerationDraft = { ...DEFAULT_DRAFT, model: 'nano-banana-2', prompt: 'A lighthouse in fog' };
  const call = callFromDraft(draft);
  const record = (taskId: string, minutesAgo: number, request: unknown = call.request): UsageRecord => ({
    id: taskId,
    taskId,
    createTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    model: 'nano-banana-2',
    apiKeyName: 'Default',
    prompt: draft.prompt,
    status: 0,
    credits: 4,
    refundedCredits: 0,
    resultImageUrls: [],
    paramJson: JSON.stringify(request),
    errorMessage: null,
  });

  function startedGeneration() {
    const actor = createActor(createGenerationLogic({ user, syncDraft: () => undefined }), {
      input: { draft, validate: validateDraft, costOf: draftCost },
    });
    actor.start();
    return actor;
  }

  it('finds the task in the history and watches it: the request is sent once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const creates = answer('generate2', lost);
      const lookups = answer('usageRecordPage', () =>
        HttpResponse.json({ code: 200, msg: 'success', data: { records: [record('task-lost', 0)], total: 1, pageNum: 1, pageSize: 50 } }),
      );
      answer(
        'taskRecord',
        ok({ taskId: 'task-lost', successFlag: 1, response: { resultImageUrl: 'https://img.example/1.png' }, createTime: '', completeTime: '' }),
      );
      const actor = startedGeneration();
      actor.send({ type: 'GENERATE', apiKey: 'nb_key', balance: 100 });
      await vi.waitFor(() => expect(actor.getSnapshot().matches('checkingWhetherTaskWasCreated')).toBe(true));
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(actor.getSnapshot().matches('polling')).toBe(true));
      // The history, narrowed to the model, through the platform API.
      expect(lookups).toEqual([{ pageNum: 1, pageSize: 50, model: 'nano-banana-2' }]);
      expect(actor.getSnapshot().context.taskId).toBe('task-lost');
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(actor.getSnapshot().matches('succeeded')).toBe(true));
      expect(creates).toHaveLength(1);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the request did not arrive when the history has no task from it, and Try again sends it once more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const creates = answer('generate2', lost, ok({ taskId: 'task-2' }));
      // An older task from the same request, and a new one from another request: neither is this one.
      answer('usageRecordPage', () =>
        HttpResponse.json({
          code: 200,
          msg: 'success',
          data: { records: [record('older', 30), record('other', 0, { ...call.request, prompt: 'Another' })], total: 2, pageNum: 1, pageSize: 50 },
        }),
      );
      const actor = startedGeneration();
      actor.send({ type: 'GENERATE', apiKey: 'nb_key', balance: 100 });
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(actor.getSnapshot().matches('taskNotCreated')).toBe(true));
      actor.send({ type: 'RETRY' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches('polling')).toBe(true));
      expect(creates).toHaveLength(2);
      expect(creates[1]).toEqual(creates[0]);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('matching a lost request to its task', () => {
  const draft: GenerationDraft = { ...DEFAULT_DRAFT, model: 'nano-banana-2', prompt: 'A red fox', aspectRatio: '16:9' };
  const call = callFromDraft(draft);
  const sentAt = Date.parse('2026-03-01T10:00:00Z');
  const at = (ms: number) => new Date(sentAt + ms).toISOString();
  const row = (taskId: string, createTime: string, paramJson = JSON.stringify(call.request), model = 'nano-banana-2'): UsageRecord => ({
    id: taskId,
    taskId,
    createTime,
    model,
    apiKeyName: null,
    prompt: '',
    status: 0,
    credits: 4,
    refundedCredits: 0,
    resultImageUrls: [],
    paramJson,
    errorMessage: null,
  });

  it('compares the fields sent, whatever their order, and lets the server store more', () => {
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(call.request).reverse()));
    expect(isSameRequest(reordered, call.request)).toBe(true);
    expect(isSameRequest(JSON.stringify({ ...call.request, seed: 7 }), call.request)).toBe(true);
    expect(isSameRequest(JSON.stringify({ ...call.request, prompt: 'A blue fox' }), call.request)).toBe(false);
    expect(isSameRequest(JSON.stringify({ ...call.request, aspectRatio: '1:1' }), call.request)).toBe(false);
    expect(isSameRequest('', call.request)).toBe(false);
    expect(isSameRequest('[1]', call.request)).toBe(false);
  });

  it('takes a task of the same model and request made since the send, never one the page knows, nearest first', () => {
    expect(findTaskFromRequest([row('a', at(800))], call, sentAt, [])).toBe('a');
    // A server clock a little behind still counts; a task from before that is another run.
    expect(findTaskFromRequest([row('a', at(-CLOCK_SKEW_MS + 1000))], call, sentAt, [])).toBe('a');
    expect(findTaskFromRequest([row('a', at(-CLOCK_SKEW_MS - 1000))], call, sentAt, [])).toBeNull();
    expect(findTaskFromRequest([row('a', at(500))], call, sentAt, ['a'])).toBeNull();
    expect(findTaskFromRequest([row('a', at(500), JSON.stringify(call.request), 'nano-banana-pro')], call, sentAt, [])).toBeNull();
    // A time that cannot be read does not hide the task (missing it would send the request, and charge, twice)…
    expect(findTaskFromRequest([row('a', 'not a time')], call, sentAt, [])).toBe('a');
    // …but a readable one nearer the send wins.
    expect(findTaskFromRequest([row('unreadable', 'not a time'), row('near', at(300))], call, sentAt, [])).toBe('near');
    expect(findTaskFromRequest([row('far', at(40_000)), row('near', at(300))], call, sentAt, [])).toBe('near');
    // The API's own time format, read as the wall clock it says.
    const local = new Date(sentAt + 2000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const apiTime = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    expect(findTaskFromRequest([row('a', apiTime)], call, sentAt, [])).toBe('a');
  });
});

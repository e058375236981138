import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { SETTLEMENT_POLLING, type OrderStatus } from '../../machines/payment.shared';
import { pollingCheck, pollingMachine, type CheckFailure, type PollingInput, type PollingReport } from '../../machines/polling.machine';
import {
  RETRY_AFTER_ERRORS_MS,
  SETTLEMENT_WATCH_LIMIT_MS,
  settlementNews,
  settlementWatchMachine,
  watchCheckOutcome,
  type ClaimNewsInput,
  type ToldNews,
  type WatchCheckInput,
  type WatchCheckResponse,
  type WatchedOrder,
} from '../../machines/settlementWatch.machine';
import { after, carriedValue, defaultEventLabel, describeMachinePaths, done, failure, readStep, type PathEvent } from './pathRunner';

const ADA = 'u-ada';
const BOB = 'u-bob';
// The runner's clock starts at the real time: an order watched an hour ago is within the limit.
const since = new Date(Date.now() - 60 * 60 * 1000).toISOString();
const first: WatchedOrder = { orderNo: 'NB1', provider: 'nowpayments', packageId: 'builder', since };
const second: WatchedOrder = { orderNo: 'NB2', provider: 'nowpayments', packageId: 'starter', since };

/** A check's answer: each order with its listed status (null: no longer listed). */
function listed(...orders: Array<[WatchedOrder, OrderStatus | null]>): WatchCheckResponse {
  return { code: 200, msg: 'success', data: { checkedAt: new Date().toISOString(), orders: orders.map(([order, status]) => ({ order, status })) } };
}
const stillPending = listed([first, 'pending'], [second, 'pending']);
const firstPaid = listed([first, 'paid'], [second, 'pending']);
const secondFailed = listed([first, 'pending'], [second, 'failed']);
const firstUnlisted = listed([first, null], [second, 'pending']);
const refused: WatchCheckResponse = { code: 500001, msg: 'Busy', data: null };
const offline = Object.assign(new Error('Network down'), { kind: 'network' });

const toldPaid: ToldNews[] = [{ order: first, outcome: 'paid' }];
const toldFailed: ToldNews[] = [{ order: second, outcome: 'failed' }];

const answered = (answer: WatchCheckResponse): PollingReport<WatchCheckResponse> => ({ type: 'polling.answered', answer });
const stopped = (failed: CheckFailure<WatchCheckResponse>): PollingReport<WatchCheckResponse> => ({
  type: 'polling.stoppedAfterErrors',
  failure: failed,
});

const names = new Map<unknown, string>([
  [stillPending, 'pending'],
  [firstPaid, 'NB1 paid'],
  [secondFailed, 'NB2 failed'],
  [firstUnlisted, 'NB1 unlisted'],
  [refused, 'refused'],
  [toldPaid, 'NB1 paid'],
  [toldFailed, 'NB2 failed'],
]);
function label(event: AnyEventObject): string {
  if (event.type === 'ACCOUNT_CHANGED') return `ACCOUNT_CHANGED(${String(event.accountId)})`;
  if (event.type === 'polling.answered') return `polling.answered(${names.get(event.answer) ?? '?'})`;
  const carried = carriedValue(event);
  if (Array.isArray(carried)) {
    const named = names.get(carried);
    if (named) return `${defaultEventLabel(event).split('(')[0]}(${named})`;
    return `${defaultEventLabel(event).split('(')[0]}(${carried.map((one: WatchedOrder | ToldNews) => ('orderNo' in one ? one.orderNo : one.order.orderNo)).join(',') || 'none'})`;
  }
  return defaultEventLabel(event);
}

const events: Array<PathEvent<typeof settlementWatchMachine>> = [
  { type: 'ACCOUNT_CHANGED', accountId: ADA },
  { type: 'ACCOUNT_CHANGED', accountId: BOB },
  { type: 'ACCOUNT_CHANGED', accountId: null },
  { type: 'WATCH_LIST_CHANGED' },
  done('readWatchList', [first, second]),
  done('readWatchList', [second]),
  done('readWatchList', []),
  failure('readWatchList', new Error('storage blocked')),
  answered(stillPending),
  answered(firstPaid),
  answered(secondFailed),
  answered(firstUnlisted),
  answered(refused),
  stopped({ refused }),
  stopped({ rejected: offline }),
  { type: 'polling.timedOut' },
  done('claimNews', toldPaid),
  done('claimNews', toldFailed),
  done('claimNews', []),
  failure('claimNews', new Error('storage blocked')),
  after('RETRY_AFTER_ERRORS', 'settlementWatch.restingAfterErrors'),
];

const TOP = ['signedOut', 'readingWatchList', 'nothingToWatch', 'watching', 'claimingNews', 'restingAfterErrors', 'stoppedForThisVisit'] as const;
type Top = (typeof TOP)[number];

describeMachinePaths('settlementWatch machine', {
  machine: settlementWatchMachine,
  scenarios: [
    { name: 'signed in', input: { accountId: ADA } },
    { name: 'signed out', input: { accountId: null } },
  ],
  events,
  eventLabel: label,
  serializeContext: (context) => ({
    accountId: context.accountId,
    orders: context.orders.map((order) => order.orderNo),
    news: context.news.map((news) => news.order.orderNo),
    handled: [...context.handled].sort(),
  }),
  maxSimplePaths: 150,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context, before, is, was, entered } = readStep<Top, typeof snapshot.context>(snapshot, previous);

    expect(TOP.filter((state) => is(state))).toHaveLength(1);
    expect(snapshot.hasTag('watching')).toBe(is('watching'));
    // Nobody signed in: nothing read, nothing asked. Someone signed in is never in signedOut.
    expect(is('signedOut')).toBe(context.accountId === null);

    // Only the signed-in account's list is read, each time the state is entered (again).
    const reads = stepInvocations('readWatchList').map((invocation) => invocation.input);
    // Read again from within: the list changed, or another account signed in, while it was being read.
    const readAgain = (event.type === 'WATCH_LIST_CHANGED' || event.type === 'ACCOUNT_CHANGED') && was('readingWatchList') && is('readingWatchList');
    expect(reads).toEqual(entered('readingWatchList') || readAgain ? [{ accountId: context.accountId }] : []);
    for (const read of reads) expect(read).not.toEqual({ accountId: null });

    // The orders watched are the list as read, without those this visit had news of.
    if (event.type === 'xstate.done.actor.readWatchList') {
      const waiting = event.output.filter((order) => !before?.handled.includes(order.orderNo));
      expect(context.orders).toEqual(waiting);
      expect(is(waiting.length > 0 ? 'watching' : 'nothingToWatch')).toBe(true);
    }
    if (event.type === 'xstate.error.actor.readWatchList') expect(is('nothingToWatch')).toBe(true);

    // The poller starts exactly when watching begins: the settlement policy, the orders read.
    const pollers = stepInvocations('poller').map((invocation) => invocation.input as PollingInput);
    expect(pollers.map(({ policy, check }) => ({ policy, check }))).toEqual(
      entered('watching') ? [{ policy: SETTLEMENT_POLLING, check: { orders: context.orders } satisfies WatchCheckInput }] : [],
    );
    for (const { reportTo } of pollers) expect(reportTo).toBe(snapshot.children.poller?._parent);
    expect(snapshot.children.poller !== undefined).toBe(is('watching'));

    if (event.type === 'polling.answered') {
      const news = event.answer.code === 200 ? settlementNews(event.answer.data) : [];
      if (news.length > 0) {
        // News ends the round: it is claimed, and never watched again on this visit.
        expect(is('claimingNews')).toBe(true);
        expect(context.news).toEqual(news);
        expect(new Set(context.handled)).toEqual(new Set([...(before?.handled ?? []), ...news.map((one) => one.order.orderNo)]));
        expect(new Set(context.handled).size).toBe(context.handled.length);
      } else {
        // Still pending, or refused: the poller asks again on its own.
        expect(is('watching')).toBe(true);
        expect(context).toEqual(before);
      }
    }
    const claims = stepInvocations('claimNews').map((invocation) => invocation.input as ClaimNewsInput);
    expect(claims).toEqual(entered('claimingNews') ? [{ accountId: context.accountId, news: context.news }] : []);
    if (!is('claimingNews')) expect(context.news).toEqual([]);

    // Each order this watch claimed is told once; the balance is read again once when one was paid.
    const paidTold = stepCalls('tellPaid').flatMap((call) => call.params as WatchedOrder[]);
    const unpaidTold = stepCalls('tellUnpaid').flatMap((call) => call.params as ToldNews[]);
    const claimed = event.type === 'xstate.done.actor.claimNews' ? event.output : [];
    expect(paidTold).toEqual(claimed.filter((news) => news.outcome === 'paid').map((news) => news.order));
    expect(unpaidTold).toEqual(claimed.filter((news) => news.outcome !== 'paid'));
    expect(stepCalls('refreshBalance')).toHaveLength(claimed.some((news) => news.outcome === 'paid') ? 1 : 0);
    if (event.type === 'xstate.done.actor.claimNews') expect(is('readingWatchList')).toBe(true);
    if (event.type === 'xstate.error.actor.claimNews') expect(is('restingAfterErrors')).toBe(true);

    if (event.type === 'polling.stoppedAfterErrors') expect(is('restingAfterErrors')).toBe(true);
    if (event.type === 'polling.timedOut') expect(is('stoppedForThisVisit')).toBe(true);
    if (event.type.startsWith('xstate.after.')) expect(is('readingWatchList')).toBe(true);

    if (event.type === 'WATCH_LIST_CHANGED') {
      // Whatever the watch was doing (but claiming), it reads the list again; nobody signed in has none.
      expect(was('signedOut') || was('claimingNews')).toBe(false);
      expect(is('readingWatchList')).toBe(true);
    }
    if (event.type === 'ACCOUNT_CHANGED') {
      // Another account (or none): the last one's orders, news and checks are gone; its list is never read again.
      expect(event.accountId).not.toBe(before?.accountId);
      expect(context).toEqual({ accountId: event.accountId, orders: [], news: [], handled: [] });
      expect(is(event.accountId === null ? 'signedOut' : 'readingWatchList')).toBe(true);
    }
    if (event.type === 'xstate.init') {
      expect(context).toEqual({ accountId: context.accountId, orders: [], news: [], handled: [] });
      expect(is(context.accountId === null ? 'signedOut' : 'readingWatchList')).toBe(true);
    }
    // The same account again changes nothing (the chart does not take the event).
    if (context.accountId !== null) expect(snapshot.can({ type: 'ACCOUNT_CHANGED', accountId: context.accountId })).toBe(false);
  },
});

describe('the news in a check', () => {
  const checkedAt = '2026-11-25T12:00:00.000Z';
  const watched = (since: string): WatchedOrder => ({ ...first, since });
  it('settled orders and orders no longer listed are news; a pending one only once watched longer than the limit', () => {
    const recent = watched('2026-11-25T11:00:00.000Z');
    const limit = new Date(Date.parse(checkedAt) - SETTLEMENT_WATCH_LIMIT_MS).toISOString();
    const overdue = watched(new Date(Date.parse(checkedAt) - SETTLEMENT_WATCH_LIMIT_MS - 1).toISOString());
    expect(settlementNews({ checkedAt, orders: [{ order: recent, status: 'pending' }] })).toEqual([]);
    expect(settlementNews({ checkedAt, orders: [{ order: watched(limit), status: 'pending' }] })).toEqual([]);
    expect(settlementNews({ checkedAt, orders: [{ order: overdue, status: 'pending' }] })).toEqual([{ order: overdue, outcome: 'overdue' }]);
    expect(settlementNews({ checkedAt, orders: [{ order: watched('not a date'), status: 'pending' }] })).toEqual([
      { order: watched('not a date'), outcome: 'overdue' },
    ]);
    expect(settlementNews({ checkedAt, orders: [{ order: recent, status: null }] })).toEqual([{ order: recent, outcome: 'unlisted' }]);
    for (const status of ['paid', 'cancelled', 'failed', 'expired', 'refunded'] as const)
      expect(settlementNews({ checkedAt, orders: [{ order: recent, status }] })).toEqual([{ order: recent, outcome: status }]);
  });

  it('any news ends a round of polling; a refusal is a failed check', () => {
    expect(watchCheckOutcome(stillPending)).toBe('pending');
    expect(watchCheckOutcome(firstPaid)).toBe('settled');
    expect(watchCheckOutcome(firstUnlisted)).toBe('settled');
    expect(watchCheckOutcome(refused)).toBe('refused');
  });
});

describe('settlementWatch timings', () => {
  function started(check: (input: WatchCheckInput) => Promise<WatchCheckResponse>) {
    const checks: number[] = [];
    const start = Date.now();
    const actor = createActor(
      settlementWatchMachine.provide({
        actors: {
          readWatchList: fromPromise(() => Promise.resolve([first])),
          claimNews: fromPromise<ToldNews[], ClaimNewsInput>(() => Promise.resolve([])),
          poller: pollingMachine.provide({
            actors: {
              check: pollingCheck(watchCheckOutcome, (input: WatchCheckInput) => {
                checks.push(Date.now() - start);
                return check(input);
              }),
              watchPageVisibility: fromCallback(() => undefined),
            },
          }),
        },
        actions: { tellPaid: () => undefined, tellUnpaid: () => undefined, refreshBalance: () => undefined },
      }),
      { input: { accountId: ADA } },
    );
    actor.start();
    return { actor, checks };
  }

  it('asks after 15 s, then half as long again each time up to every 2 minutes, and stops after six hours', async () => {
    vi.useFakeTimers();
    try {
      const { actor, checks } = started(() => Promise.resolve(listed([first, 'pending'])));
      await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
      expect(checks).toEqual([15_000, 37_500, 71_250, 121_875, 197_813]);
      expect(actor.getSnapshot().value).toBe('watching');
      await vi.advanceTimersByTimeAsync(SETTLEMENT_POLLING.limitMs - 5 * 60 * 1000);
      expect(actor.getSnapshot().value).toBe('stoppedForThisVisit');
      const asked = checks.length;
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(checks, 'no check after the time limit').toHaveLength(asked);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('rests ten minutes after five failed checks in a row, then starts again', async () => {
    vi.useFakeTimers();
    try {
      const { actor, checks } = started(() => Promise.resolve(refused));
      // Failed checks wait as unsettled ones do: the fifth, at 197.813 s, is the last allowed in a row.
      await vi.advanceTimersByTimeAsync(197_813);
      expect(checks).toEqual([15_000, 37_500, 71_250, 121_875, 197_813]);
      expect(actor.getSnapshot().value).toBe('restingAfterErrors');
      await vi.advanceTimersByTimeAsync(RETRY_AFTER_ERRORS_MS - 1);
      expect(actor.getSnapshot().value).toBe('restingAfterErrors');
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toBe('watching');
      // Watching again: the policy's first wait, then a check.
      await vi.advanceTimersByTimeAsync(15_000);
      expect(checks).toEqual([15_000, 37_500, 71_250, 121_875, 197_813, 197_813 + RETRY_AFTER_ERRORS_MS + 15_000]);
      expect(actor.getSnapshot().value).toBe('watching');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

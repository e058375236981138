/**
 * The settlement watch (docs/product.md, "Payment providers"): while someone is signed in, on whatever page, the
 * orders their account left waiting for a slow settlement on this browser (a crypto payment waiting for blockchain
 * confirmations, put on the watch list by its payment chart in awaitingConfirmations) are checked now and then with
 * the shared poller. When one settles, its news is claimed (so it is told once, whoever sees it first: this watch in
 * any tab, or the payment's own panel on the billing page) and told: paid, with the balance refreshed, or what became
 * of it and what to do. An order the API no longer lists, or watched longer than the watch lasts, leaves the list
 * quietly. Signing out or another account signing in stops it: only the signed-in account's list is ever read.
 */
import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { notProvidedAction, notProvidedActor } from './notProvided';
import { SETTLEMENT_POLLING, SETTLEMENT_WATCH_LIMIT_MS, type OrderStatus } from './payment.shared';
import { pollingMachine, type CheckOutcome, type PollingInput, type PollingReport } from './polling.machine';

/** An order the account left waiting on this browser, as the watch list keeps it (src/services/settlingOrders.ts). */
export interface WatchedOrder {
  orderNo: string;
  /** The payment provider's id (the app names it). */
  provider: string;
  /** The package bought ('' when not known). */
  packageId: string;
  /** When this browser started watching it (ISO 8601). */
  since: string;
}

export interface SettlementWatchInput {
  /** The signed-in account, or null while nobody is. */
  accountId: string | null;
}

/** What a check asks about: the orders on the list when watching (re)started. */
export interface WatchCheckInput {
  orders: WatchedOrder[];
}

/** One watched order as the order list reports it: its status, or null when the list no longer holds it. */
export interface ListedOrder {
  order: WatchedOrder;
  status: OrderStatus | null;
}

/** What a check answers: every watched order as listed, and when the list was asked (ISO 8601). */
export interface WatchAnswer {
  checkedAt: string;
  orders: ListedOrder[];
}

export type WatchCheckResponse = ResultEnvelope<WatchAnswer>;

/** What became of an order, as the buyer is told it. */
type SettlementOutcome = Exclude<OrderStatus, 'pending'>;

/** An order with news: settled (told), or leaving the list quietly (no longer listed, or watched too long). */
export interface SettlementNews {
  order: WatchedOrder;
  outcome: SettlementOutcome | 'unlisted' | 'overdue';
}

/** A settled order whose news this watch claimed: the buyer is told it. */
export interface ToldNews {
  order: WatchedOrder;
  outcome: SettlementOutcome;
}

export interface ClaimNewsInput {
  accountId: string;
  news: SettlementNews[];
}

/** How long an order is watched, from when this browser started watching it (payment.shared.ts says why). */
export { SETTLEMENT_WATCH_LIMIT_MS };

/** After the server failed several checks in a row, the watch rests this long, then starts again. */
export const RETRY_AFTER_ERRORS_MS = 10 * 60 * 1000;

/**
 * The news in a check's answer: every order settled, no longer listed, or still pending but watched longer than
 * SETTLEMENT_WATCH_LIMIT_MS (an unreadable start counts as too long).
 */
export function settlementNews(answer: WatchAnswer): SettlementNews[] {
  const checkedAt = Date.parse(answer.checkedAt);
  return answer.orders.flatMap(({ order, status }): SettlementNews[] => {
    if (status === null) return [{ order, outcome: 'unlisted' }];
    if (status !== 'pending') return [{ order, outcome: status }];
    const watchedFor = checkedAt - Date.parse(order.since);
    return watchedFor <= SETTLEMENT_WATCH_LIMIT_MS ? [] : [{ order, outcome: 'overdue' }];
  });
}

/** What a check's answer tells the poller: news ends this round of polling; a refused call is a failed check. */
export function watchCheckOutcome(response: WatchCheckResponse): CheckOutcome {
  if (response.code !== 200) return 'refused';
  return settlementNews(response.data).length > 0 ? 'settled' : 'pending';
}

export interface SettlementWatchContext {
  accountId: string | null;
  /** The account's orders waiting, as last read (without those handled already). */
  orders: WatchedOrder[];
  /** The news of the last check, while it is claimed. */
  news: SettlementNews[];
  /**
   * Orders this watch had news of on this visit: never watched again, even where the list cannot be written (storage
   * full or blocked), so nothing is told twice.
   */
  handled: string[];
}

export type SettlementWatchEvent =
  /** The signed-in account, whenever it changes (null: signed out). */
  | { type: 'ACCOUNT_CHANGED'; accountId: string | null }
  /** The watch list changed, in this tab or another: read it again. */
  | { type: 'WATCH_LIST_CHANGED' }
  // What the invoked actors report; listed so named guards and actions read them with types.
  | DoneActorEvent<WatchedOrder[], 'readWatchList'>
  | ErrorActorEvent<unknown, 'readWatchList'>
  | DoneActorEvent<ToldNews[], 'claimNews'>
  | ErrorActorEvent<unknown, 'claimNews'>
  // What the poller reports: each answer, and why it stopped asking.
  | PollingReport<WatchCheckResponse>;

const ID = 'settlementWatch';

/** The signed-in account; only reachable in states entered with one (starting decides). */
function accountOf(context: SettlementWatchContext): string {
  if (context.accountId === null) throw new Error(`${ID}: nobody is signed in`);
  return context.accountId;
}

/** The orders read, without those this watch had news of already. */
function stillWaiting(context: SettlementWatchContext, orders: WatchedOrder[]): WatchedOrder[] {
  return orders.filter((order) => !context.handled.includes(order.orderNo));
}

/** The paid orders among those told. */
function paidIn(told: ToldNews[]): WatchedOrder[] {
  return told.filter((news) => news.outcome === 'paid').map((news) => news.order);
}

/** The others: cancelled, failed, expired or refunded. */
function unpaidIn(told: ToldNews[]): ToldNews[] {
  return told.filter((news) => news.outcome !== 'paid');
}

/** The news in an answer; only read after hasNews let it through. */
function newsIn(answer: WatchCheckResponse): SettlementNews[] {
  return answer.code === 200 ? settlementNews(answer.data) : [];
}

export const settlementWatchMachine = setup({
  types: {} as {
    context: SettlementWatchContext;
    events: SettlementWatchEvent;
    input: SettlementWatchInput;
    children: { poller: 'poller' };
  },
  actors: {
    // The account's orders waiting on this browser (the app reads its watch list for that account only).
    readWatchList: notProvidedActor<WatchedOrder[], { accountId: string }>('readWatchList'),
    // Claims each settled order's news (told ones are marked told, so no one tells them again) and drops the quiet ones;
    // answers the news this watch is to tell (none that another tab or the payment's panel told first).
    claimNews: notProvidedActor<ToldNews[], ClaimNewsInput>('claimNews'),
    // The shared polling chart, its check asking the order list about every watched order (pollingCheck with watchCheckOutcome).
    poller: pollingMachine,
  },
  actions: {
    // The app's toasts, one per order: a paid order's credits are in the balance; another outcome says what happened
    // and what to do.
    tellPaid: notProvidedAction<WatchedOrder[]>('tellPaid'),
    tellUnpaid: notProvidedAction<ToldNews[]>('tellUnpaid'),
    // The app sends PAYMENT_SUCCEEDED to the user actor: the user and the balance are read again.
    refreshBalance: notProvidedAction('refreshBalance'),
    followAccount: assign((_, { accountId }: { accountId: string | null }) => ({ accountId, orders: [], news: [], handled: [] })),
    setOrders: assign(({ context }, orders: WatchedOrder[]) => ({ orders: stillWaiting(context, orders) })),
    setNews: assign(({ context }, news: SettlementNews[]) => ({
      news,
      handled: [...new Set([...context.handled, ...news.map((one) => one.order.orderNo)])],
    })),
    clearNews: assign({ news: [] }),
  },
  guards: {
    hasAccount: ({ context }) => context.accountId !== null,
    isAnotherAccount: ({ context }, { accountId }: { accountId: string | null }) => accountId !== context.accountId,
    hasOrders: ({ context }, orders: WatchedOrder[]) => stillWaiting(context, orders).length > 0,
    hasNews: (_, answer: WatchCheckResponse) => newsIn(answer).length > 0,
    anyPaid: (_, told: ToldNews[]) => told.some((news) => news.outcome === 'paid'),
  },
  delays: {
    RETRY_AFTER_ERRORS: RETRY_AFTER_ERRORS_MS,
  },
}).createMachine({
  id: ID,
  context: ({ input }) => ({ accountId: input.accountId, orders: [], news: [], handled: [] }),
  initial: 'starting',
  // Signed out or another account: whatever this one was doing stops (its checks too), and the new one starts afresh.
  on: {
    ACCOUNT_CHANGED: {
      guard: { type: 'isAnotherAccount', params: ({ event }) => ({ accountId: event.accountId }) },
      target: '.starting',
      actions: { type: 'followAccount', params: ({ event }) => ({ accountId: event.accountId }) },
    },
  },
  states: {
    // Decides at once: someone signed in has a list to read; nobody has none. Never a resting state.
    starting: {
      always: [{ guard: 'hasAccount', target: 'readingWatchList' }, { target: 'signedOut' }],
    },
    // Nobody is signed in: no list is read, nothing is asked.
    signedOut: {},
    // The signed-in account's list, as this browser keeps it.
    readingWatchList: {
      invoke: {
        id: 'readWatchList',
        src: 'readWatchList',
        input: ({ context }) => ({ accountId: accountOf(context) }),
        onDone: [
          {
            guard: { type: 'hasOrders', params: ({ event }) => event.output },
            target: 'watching',
            actions: { type: 'setOrders', params: ({ event }) => event.output },
          },
          { target: 'nothingToWatch', actions: { type: 'setOrders', params: ({ event }) => event.output } },
        ],
        onError: 'nothingToWatch',
      },
      // Written while it was being read: read it again.
      on: { WATCH_LIST_CHANGED: { target: 'readingWatchList', reenter: true } },
    },
    // The account has no order waiting: nothing is asked until one is added (the billing page, or another tab).
    nothingToWatch: {
      on: { WATCH_LIST_CHANGED: 'readingWatchList' },
    },
    // The orders are asked about now and then (the settlement policy, SETTLEMENT_POLLING): after 15 s, then less and less
    // often up to every 2 minutes, never while the tab is hidden (at once when it shows again), for six hours. Any news
    // ends the round.
    watching: {
      tags: 'watching',
      invoke: {
        id: 'poller',
        src: 'poller',
        input: ({ context, self }): PollingInput => ({
          policy: SETTLEMENT_POLLING,
          check: { orders: context.orders } satisfies WatchCheckInput,
          reportTo: self,
        }),
      },
      on: {
        'polling.answered': {
          guard: { type: 'hasNews', params: ({ event }) => event.answer },
          target: 'claimingNews',
          actions: { type: 'setNews', params: ({ event }) => newsIn(event.answer) },
        },
        // Still pending, or refused (the poller counts it as a failed check and asks again later).
        'polling.stoppedAfterErrors': 'restingAfterErrors',
        'polling.timedOut': 'stoppedForThisVisit',
        // An order added or taken off (here or in another tab): watch what the list holds now.
        WATCH_LIST_CHANGED: 'readingWatchList',
      },
    },
    // Each order with news is claimed: the ones settled are told by whoever claims them first, the others leave quietly.
    claimingNews: {
      invoke: {
        id: 'claimNews',
        src: 'claimNews',
        input: ({ context }): ClaimNewsInput => ({ accountId: accountOf(context), news: context.news }),
        // Each order this watch claimed is told once (the balance read again if any was paid); then whatever is left on
        // the list is watched.
        onDone: [
          {
            guard: { type: 'anyPaid', params: ({ event }) => event.output },
            target: 'readingWatchList',
            actions: [
              { type: 'tellPaid', params: ({ event }) => paidIn(event.output) },
              { type: 'tellUnpaid', params: ({ event }) => unpaidIn(event.output) },
              'refreshBalance',
              'clearNews',
            ],
          },
          { target: 'readingWatchList', actions: [{ type: 'tellUnpaid', params: ({ event }) => unpaidIn(event.output) }, 'clearNews'] },
        ],
        // Nothing was told (this visit will not ask about those orders again); the others after a rest.
        onError: { target: 'restingAfterErrors', actions: 'clearNews' },
      },
    },
    // The server did not answer several checks in a row (or the news could not be claimed): the watch rests, then starts
    // again.
    restingAfterErrors: {
      after: { RETRY_AFTER_ERRORS: 'readingWatchList' },
      on: { WATCH_LIST_CHANGED: 'readingWatchList' },
    },
    // Watched for the policy's six hours on this visit: the orders stay on the list for a later visit (or an order
    // added meanwhile starts the watch again).
    stoppedForThisVisit: {
      on: { WATCH_LIST_CHANGED: 'readingWatchList' },
    },
  },
});

/**
 * The settlement watch as the app runs it (machines/settlementWatch.machine.ts): the account's watch list from local
 * storage, each watched order's status from the order list (as a payment confirms one), the claim that makes each
 * order's news told once, the toasts, and the balance read again through the user actor.
 */
import { fromPromise } from 'xstate';
import { pollingCheck } from '../../machines/polling.machine';
import {
  settlementWatchMachine,
  watchCheckOutcome,
  type ClaimNewsInput,
  type ListedOrder,
  type ToldNews,
  type WatchCheckInput,
  type WatchCheckResponse,
  type WatchedOrder,
} from '../../machines/settlementWatch.machine';
import { saveLastPackage } from '../services/lastPackage';
import { notify } from '../services/notifier';
import { clearPendingOrder } from '../services/pendingOrder';
import { claimSettledOrder, dropSettlingOrder, readSettlingOrders } from '../services/settlingOrders';
import type { UserActor } from './app';
import { listedOrderStatus } from './orderStatus';
import { createPollerLogic } from './polling';
import { paidNews, unpaidNews } from './settlementNews';

/**
 * Every watched order's status from the order list, one order after the other (ten at most; a refused answer ends
 * the check, which the poller counts as failed).
 */
async function checkWatchedOrders({ orders }: WatchCheckInput): Promise<WatchCheckResponse> {
  const listed: ListedOrder[] = [];
  let msg = '';
  for (const order of orders) {
    const result = await listedOrderStatus(order.orderNo);
    if (result.code !== 200) return result;
    msg = result.msg;
    listed.push({ order, status: result.data });
  }
  return { code: 200, msg, data: { checkedAt: new Date().toISOString(), orders: listed } };
}

/**
 * Claims the news of each order: a settled one is marked told (the answer keeps those this watch is the first to
 * tell; a paid one's package is the billing page's next), a quiet one leaves the list. This tab's memory of a payment with news goes too, so that opening Billing does
 * not pick it up again.
 */
function claimNews({ accountId, news }: ClaimNewsInput): ToldNews[] {
  const told: ToldNews[] = [];
  for (const { order, outcome } of news) {
    clearPendingOrder(order);
    if (outcome === 'unlisted' || outcome === 'overdue') dropSettlingOrder(accountId, order);
    else if (claimSettledOrder(accountId, order) === 'claimed') {
      told.push({ order, outcome });
      // As a payment paid on the billing page: the page starts from this package next time, never from a bigger one.
      if (outcome === 'paid' && order.packageId !== '') saveLastPackage(accountId, order.packageId);
    }
  }
  return told;
}

/** The watch wired to this browser's storage, the API and the app's toasts; `user` hears of a paid order. */
export function createSettlementWatchLogic(user: UserActor) {
  return settlementWatchMachine.provide({
    actors: {
      readWatchList: fromPromise<WatchedOrder[], { accountId: string }>(({ input }) => Promise.resolve(readSettlingOrders(input.accountId))),
      claimNews: fromPromise<ToldNews[], ClaimNewsInput>(({ input }) => Promise.resolve(claimNews(input))),
      poller: createPollerLogic(pollingCheck(watchCheckOutcome, checkWatchedOrders)),
    },
    actions: {
      tellPaid: (_, orders) => {
        for (const order of orders) notify.success(paidNews(order.packageId));
      },
      tellUnpaid: (_, told) => {
        for (const news of told) notify.error(unpaidNews(news));
      },
      refreshBalance: () => user.send({ type: 'PAYMENT_SUCCEEDED' }),
    },
  });
}

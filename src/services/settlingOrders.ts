/**
 * Orders this browser left waiting for a slow settlement (a crypto payment waiting for blockchain confirmations), per
 * account, in local storage: the buyer may leave the page, close the tab or come back tomorrow, and is told once when
 * the API reports one settled. Telling claims the order: it stays on the list marked as told, so it is told once
 * whoever sees it first (the payment's own panel, or the settlement watch that runs wherever the buyer is, in this tab
 * or another), and whoever comes second knows it was told rather than never watched.
 */
import * as v from 'valibot';
import { PaymentProviderSchema, type PaymentProvider } from '../api/contract';
import { announceSettlingOrdersChanged, SETTLING_ORDERS_KEY } from './settlingOrdersWatchers';

/** At most this many orders per account waiting, and as many told: an old entry must not keep the list growing. */
const MAX_ORDERS = 10;
/**
 * How long a told order is remembered as told: a day, the payments' RETURN_WINDOW_MS (machines/payment.shared.ts, not
 * imported: the app shell reads this module at start, and the charts' modules must not come with it). By then the
 * order was made longer ago than any return or reload treats as news.
 */
const TOLD_KEPT_MS = 24 * 60 * 60 * 1000;

const SettlingOrderSchema = v.object({
  orderNo: v.pipe(v.string(), v.minLength(1)),
  provider: PaymentProviderSchema,
  packageId: v.string(),
  /** When this browser started watching it (ISO 8601). */
  since: v.string(),
  /** When its outcome was told (ISO 8601); absent while it is still waited on. Optional: older lists load. */
  toldAt: v.optional(v.string()),
});
type StoredOrder = v.InferOutput<typeof SettlingOrderSchema>;
/** An order waiting to settle, as the watch and the billing page read it. */
export type SettlingOrder = Omit<StoredOrder, 'toldAt'>;

const AllSchema = v.record(v.pipe(v.string(), v.minLength(1)), v.array(SettlingOrderSchema));

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function readAll(storage: Storage): Record<string, StoredOrder[]> {
  try {
    const raw = storage.getItem(SETTLING_ORDERS_KEY);
    if (raw === null) return {};
    const parsed = v.safeParse(AllSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : {};
  } catch {
    // Storage blocked or a damaged value: nothing is watched.
    return {};
  }
}

/**
 * What an account keeps: its newest MAX_ORDERS waiting, and its newest MAX_ORDERS told, a told one for TOLD_KEPT_MS.
 */
function pruned(orders: StoredOrder[], now: number): StoredOrder[] {
  const waiting = orders.filter((one) => one.toldAt === undefined).slice(-MAX_ORDERS);
  const told = orders.filter((one) => one.toldAt !== undefined && now - Date.parse(one.toldAt) < TOLD_KEPT_MS).slice(-MAX_ORDERS);
  return orders.filter((one) => waiting.includes(one) || told.includes(one));
}

function writeAll(all: Record<string, StoredOrder[]>, storage: Storage): void {
  try {
    storage.setItem(SETTLING_ORDERS_KEY, JSON.stringify(all));
  } catch {
    // Without storage the buyer is still told on this page; a later visit shows the order in the list.
    return;
  }
  announceSettlingOrdersChanged();
}

/** Rewrites one account's list (pruned); the other accounts' lists are kept as they are. */
function writeAccount(accountId: string, orders: StoredOrder[], now: Date, storage: Storage): void {
  const all = readAll(storage);
  const kept = pruned(orders, now.getTime());
  if (kept.length > 0) all[accountId] = kept;
  else delete all[accountId];
  writeAll(all, storage);
}

/** The orders this account left waiting on this browser, oldest first (the told ones are not). */
export function readSettlingOrders(accountId: string, storage: Storage = localStorage): SettlingOrder[] {
  return (readAll(storage)[accountId] ?? []).filter((one) => one.toldAt === undefined).map(({ toldAt: _told, ...order }) => order);
}

/** One order as the list names it: by its provider and number (an order number alone names nothing for sure). */
interface OrderRef {
  provider: string;
  orderNo: string;
}

function isOrder(entry: OrderRef, order: OrderRef): boolean {
  return entry.provider === order.provider && entry.orderNo === order.orderNo;
}

/** Whether the account left this order waiting on this browser (and its news was not told yet). */
export function isWatchedOrder(accountId: string, order: OrderRef, storage: Storage = localStorage): boolean {
  return readSettlingOrders(accountId, storage).some((one) => isOrder(one, order));
}

/**
 * Adds an order to the account's watch (once; the newest kept when the list is full). An order told earlier and
 * waited on again (the buyer opened it on the billing page and chose to wait) is watched afresh.
 */
export function watchSettlingOrder(
  accountId: string,
  order: { orderNo: string; provider: PaymentProvider; packageId: string },
  now = new Date(),
  storage: Storage = localStorage,
): void {
  const mine = readAll(storage)[accountId] ?? [];
  if (mine.some((one) => isOrder(one, order) && one.toldAt === undefined)) return;
  const others = mine.filter((one) => !isOrder(one, order));
  writeAccount(accountId, [...others, { ...order, since: now.toISOString() }], now, storage);
}

/**
 * What claiming a settled order's news found: it was waiting (`claimed`: the caller is the one to tell the buyer, and
 * it is now marked told), someone told it already (`toldAlready`: say nothing), or it was never watched on this
 * browser (`notWatched`: whoever settles it tells it).
 */
export type SettledClaim = 'claimed' | 'toldAlready' | 'notWatched';

/**
 * Claims the news of an order whose outcome is known (see SettledClaim): the order of that provider with that number
 * only, so that a return naming another provider's order claims nothing.
 */
export function claimSettledOrder(accountId: string, order: OrderRef, now = new Date(), storage: Storage = localStorage): SettledClaim {
  const mine = readAll(storage)[accountId] ?? [];
  const entry = mine.find((one) => isOrder(one, order));
  if (!entry) return 'notWatched';
  if (entry.toldAt !== undefined) return 'toldAlready';
  writeAccount(
    accountId,
    mine.map((one) => (one === entry ? { ...one, toldAt: now.toISOString() } : one)),
    now,
    storage,
  );
  return 'claimed';
}

/**
 * Takes an order off the watch without telling anything: the API no longer lists it, it was watched longer than the
 * watch lasts, or the buyer says they did not pay it. Nothing is marked told (nothing was).
 */
export function dropSettlingOrder(accountId: string, order: OrderRef, now = new Date(), storage: Storage = localStorage): void {
  const mine = readAll(storage)[accountId] ?? [];
  if (!mine.some((one) => isOrder(one, order) && one.toldAt === undefined)) return;
  writeAccount(
    accountId,
    mine.filter((one) => !isOrder(one, order)),
    now,
    storage,
  );
}

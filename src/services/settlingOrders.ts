/**
 * Orders this browser left waiting for a slow settlement (a crypto payment waiting for blockchain confirmations), per
 * account, in local storage: the buyer may leave the page, close the tab or come back tomorrow, and is told once when
 * the API reports one settled. Telling claims the order (it leaves the list), so it is told once whoever sees it
 * first: the payment's own panel or the watch that runs while the app is open.
 */
import * as v from 'valibot';
import { PaymentProviderSchema, type PaymentProvider } from '../api/contract';

const SETTLING_ORDERS_KEY = 'nanobanana.settlingOrders';

/** At most this many orders per account: an old entry the API no longer lists must not keep the list growing. */
const MAX_ORDERS = 10;

const SettlingOrderSchema = v.object({
  orderNo: v.pipe(v.string(), v.minLength(1)),
  provider: PaymentProviderSchema,
  packageId: v.string(),
  since: v.string(),
});
export type SettlingOrder = v.InferOutput<typeof SettlingOrderSchema>;

const AllSchema = v.record(v.pipe(v.string(), v.minLength(1)), v.array(SettlingOrderSchema));

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function readAll(storage: Storage): Record<string, SettlingOrder[]> {
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

function writeAll(all: Record<string, SettlingOrder[]>, storage: Storage): void {
  try {
    storage.setItem(SETTLING_ORDERS_KEY, JSON.stringify(all));
  } catch {
    // Without storage the buyer is still told on this page; a later visit shows the order in the list.
  }
}

/** The orders this account left settling on this browser. */
export function readSettlingOrders(accountId: string, storage: Storage = localStorage): SettlingOrder[] {
  return readAll(storage)[accountId] ?? [];
}

/** Adds an order to the account's watch (once; the newest kept when the list is full). */
export function watchSettlingOrder(
  accountId: string,
  order: { orderNo: string; provider: PaymentProvider; packageId: string },
  now = new Date(),
  storage: Storage = localStorage,
): void {
  const all = readAll(storage);
  const mine = all[accountId] ?? [];
  if (mine.some((one) => one.orderNo === order.orderNo)) return;
  all[accountId] = [...mine, { ...order, since: now.toISOString() }].slice(-MAX_ORDERS);
  writeAll(all, storage);
}

/**
 * Takes the order off the account's watch: true if it was on it (the caller is the one to tell the buyer), false if
 * someone else already did, or it never was.
 */
export function claimSettledOrder(accountId: string, orderNo: string, storage: Storage = localStorage): boolean {
  const all = readAll(storage);
  const mine = all[accountId] ?? [];
  if (!mine.some((one) => one.orderNo === orderNo)) return false;
  all[accountId] = mine.filter((one) => one.orderNo !== orderNo);
  writeAll(all, storage);
  return true;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimSettledOrder, dropSettlingOrder, isWatchedOrder, readSettlingOrders, watchSettlingOrder } from '../../../src/services/settlingOrders';
import { mayHaveSettlingOrders, subscribeSettlingOrders } from '../../../src/services/settlingOrdersWatchers';

const KEY = 'nanobanana.settlingOrders';
const at = (iso: string) => new Date(iso);
const order = (orderNo: string) => ({ orderNo, provider: 'nowpayments' as const, packageId: 'builder' });
/** A NOWPayments order as the list names it: its provider and number. */
const np = (orderNo: string) => ({ provider: 'nowpayments', orderNo });

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the watch list of slowly settling orders', () => {
  it('keeps each account’s orders apart, once each, with when the watch began', () => {
    watchSettlingOrder('u-ada', order('NB1'), at('2026-11-22T10:00:00Z'));
    watchSettlingOrder('u-ada', order('NB1'), at('2026-11-22T11:00:00Z'));
    watchSettlingOrder('u-bob', order('NB2'), at('2026-11-22T10:00:00Z'));
    expect(readSettlingOrders('u-ada')).toEqual([{ ...order('NB1'), since: '2026-11-22T10:00:00.000Z' }]);
    expect(readSettlingOrders('u-bob').map((one) => one.orderNo)).toEqual(['NB2']);
    expect(mayHaveSettlingOrders('u-ada')).toBe(true);
    expect(mayHaveSettlingOrders('u-eve')).toBe(false);
  });

  it('tells an order’s news once: the first claim is the one to tell it, a later one learns it was told', () => {
    watchSettlingOrder('u-ada', order('NB1'), at('2026-11-22T10:00:00Z'));
    expect(claimSettledOrder('u-ada', np('NB1'), at('2026-11-22T12:00:00Z'))).toBe('claimed');
    expect(claimSettledOrder('u-ada', np('NB1'), at('2026-11-22T12:00:01Z'))).toBe('toldAlready');
    // Told: no longer waiting, so neither the watch nor the billing page picks it up.
    expect(readSettlingOrders('u-ada')).toEqual([]);
    expect(mayHaveSettlingOrders('u-ada')).toBe(false);
    // Never watched here (another account's, or an order that settled at once): whoever settles it tells it.
    expect(claimSettledOrder('u-ada', np('NB9'))).toBe('notWatched');
    expect(claimSettledOrder('u-bob', np('NB1'))).toBe('notWatched');
  });

  it('forgets that an order was told after a day, when no return or reload treats it as news any more', () => {
    watchSettlingOrder('u-ada', order('NB1'), at('2026-11-22T10:00:00Z'));
    claimSettledOrder('u-ada', np('NB1'), at('2026-11-22T12:00:00Z'));
    watchSettlingOrder('u-ada', order('NB2'), at('2026-11-23T12:00:00Z'));
    expect(claimSettledOrder('u-ada', np('NB1'), at('2026-11-23T12:00:01Z'))).toBe('notWatched');
  });

  it('watches an order told earlier afresh when the buyer waits on it again', () => {
    watchSettlingOrder('u-ada', order('NB1'), at('2026-11-22T10:00:00Z'));
    claimSettledOrder('u-ada', np('NB1'), at('2026-11-22T11:00:00Z'));
    watchSettlingOrder('u-ada', order('NB1'), at('2026-11-22T12:00:00Z'));
    expect(readSettlingOrders('u-ada')).toEqual([{ ...order('NB1'), since: '2026-11-22T12:00:00.000Z' }]);
  });

  it('names an order by its provider and number: another provider’s order of the same number is claimed, dropped or read as nothing', () => {
    watchSettlingOrder('u-ada', order('NB1'), at('2026-11-22T10:00:00Z'));
    // A return naming NB1 as Freekassa's (MERCHANT_ORDER_ID=NB1) claims nothing, and drops nothing.
    expect(claimSettledOrder('u-ada', { provider: 'freekassa', orderNo: 'NB1' })).toBe('notWatched');
    dropSettlingOrder('u-ada', { provider: 'freekassa', orderNo: 'NB1' });
    expect(isWatchedOrder('u-ada', { provider: 'freekassa', orderNo: 'NB1' })).toBe(false);
    expect(isWatchedOrder('u-ada', np('NB1'))).toBe(true);
    expect(readSettlingOrders('u-ada').map((one) => one.orderNo)).toEqual(['NB1']);
    expect(claimSettledOrder('u-ada', np('NB1'))).toBe('claimed');
    // Told: no longer waiting.
    expect(isWatchedOrder('u-ada', np('NB1'))).toBe(false);
  });

  it('drops an order quietly: nothing is marked told', () => {
    watchSettlingOrder('u-ada', order('NB1'), at('2026-11-22T10:00:00Z'));
    dropSettlingOrder('u-ada', np('NB1'));
    expect(readSettlingOrders('u-ada')).toEqual([]);
    expect(claimSettledOrder('u-ada', np('NB1'))).toBe('notWatched');
    expect(localStorage.getItem(KEY)).toBe('{}');
  });

  it('keeps the newest ten orders waiting per account', () => {
    for (let index = 1; index <= 12; index += 1) watchSettlingOrder('u-ada', order(`NB${index}`), at('2026-11-22T10:00:00Z'));
    expect(readSettlingOrders('u-ada').map((one) => one.orderNo)).toEqual(['NB3', 'NB4', 'NB5', 'NB6', 'NB7', 'NB8', 'NB9', 'NB10', 'NB11', 'NB12']);
  });

  it('reads a damaged value, or a list written before orders were marked told, safely', () => {
    localStorage.setItem(KEY, '{not json');
    expect(readSettlingOrders('u-ada')).toEqual([]);
    localStorage.setItem(KEY, JSON.stringify({ 'u-ada': [{ ...order('NB1'), since: '2026-11-22T10:00:00Z' }] }));
    expect(readSettlingOrders('u-ada').map((one) => one.orderNo)).toEqual(['NB1']);
    localStorage.setItem(KEY, JSON.stringify({ 'u-ada': [{ ...order('NB1'), provider: 'bitcoin-atm', since: '2026-11-22T10:00:00Z' }] }));
    expect(readSettlingOrders('u-ada')).toEqual([]);
    // The shell's quick look does not validate: it may load the watch for nothing, never miss an order.
    expect(mayHaveSettlingOrders('u-ada')).toBe(true);
    for (const damaged of ['{not json', '[]', '{"u-ada":{}}', '{"u-ada":[1,null]}', '{"__proto__":[{}]}']) {
      localStorage.setItem(KEY, damaged);
      expect(mayHaveSettlingOrders('u-ada'), damaged).toBe(false);
    }
  });

  it('says when the list changes: in this tab as it is written, in another through the storage event', () => {
    const heard = vi.fn();
    const stop = subscribeSettlingOrders(heard);
    watchSettlingOrder('u-ada', order('NB1'));
    expect(heard).toHaveBeenCalledTimes(1);
    claimSettledOrder('u-ada', np('NB1'));
    expect(heard).toHaveBeenCalledTimes(2);
    // A claim that finds nothing to claim writes nothing.
    claimSettledOrder('u-ada', np('NB1'));
    expect(heard).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'nanobanana.session' }));
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    watchSettlingOrder('u-ada', order('NB2'));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('without storage, nothing is watched and nothing throws', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    watchSettlingOrder('u-ada', order('NB1'), new Date(), full);
    expect(readSettlingOrders('u-ada', full)).toEqual([]);
    expect(claimSettledOrder('u-ada', np('NB1'), new Date(), full)).toBe('notWatched');
  });
});

describe('whether the settlement watch belongs on the page', () => {
  it('from the moment the signed-in account has an order waiting, for the rest of the page, whoever is signed in', async () => {
    vi.resetModules();
    const { settlementWatchWanted, SETTLING_ORDERS_KEY } = await import('../../../src/services/settlingOrdersWatchers');
    let stored: string | null = null;
    const storage = { getItem: (key: string) => (key === SETTLING_ORDERS_KEY ? stored : null) };
    expect(settlementWatchWanted(null, storage)).toBe(false);
    expect(settlementWatchWanted('u-1', storage)).toBe(false);
    // Another account's order is not this one's.
    stored = JSON.stringify({ 'u-2': [{ orderNo: 'NB1' }] });
    expect(settlementWatchWanted('u-1', storage)).toBe(false);
    // A told order is not waiting.
    stored = JSON.stringify({ 'u-1': [{ orderNo: 'NB1', toldAt: 1 }] });
    expect(settlementWatchWanted('u-1', storage)).toBe(false);
    stored = JSON.stringify({ 'u-1': [{ orderNo: 'NB2' }] });
    expect(settlementWatchWanted('u-1', storage)).toBe(true);
    // The list empties as the order is told, the visitor signs out: the watch stays, its chart decides what to check.
    stored = '{}';
    expect(settlementWatchWanted('u-1', storage)).toBe(true);
    expect(settlementWatchWanted(null, storage)).toBe(true);
  });
});

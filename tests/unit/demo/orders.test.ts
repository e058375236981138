import { describe, expect, it } from 'vitest';
import { settleFromCheckout } from '../../../src/demo/checkout/checkoutOrder';
import { IDEMPOTENCY_TTL_MS, findOrder } from '../../../src/demo/db';
import { INVOICE_PATH } from '../../../src/demo/handlers/orders';
import { ORIGIN, call, dataOf, signUp, startDemoServer } from './helpers';

const demo = startDemoServer();

async function buy(token: string, packageId = 'starter', pay = true): Promise<string> {
  const { orderNo } = dataOf('creemCheckout', await call('creemCheckout', { packageId }, token));
  if (pay) settleFromCheckout(demo.db, orderNo, 'paid');
  return orderNo;
}

/** Orders made within the same millisecond would tie on time: spread them out. */
function backdate(orderNo: string, minutesAgo: number): void {
  const order = findOrder(demo.db.read(), orderNo);
  if (!order) throw new Error(`No order ${orderNo}`);
  order.createTime = new Date(Date.now() - minutesAgo * 60_000).toISOString();
}

const INVOICE = {
  customerType: 'business',
  companyName: 'Acme GmbH',
  taxId: 'DE123456789',
  email: 'billing@acme.example',
  address: 'Hauptstr. 1, 10115 Berlin, DE',
};

describe('the order list', () => {
  it('pages the account’s orders newest first', async () => {
    const { token } = await signUp();
    const orderNos: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const orderNo = await buy(token, 'starter', index % 2 === 0);
      backdate(orderNo, 10 - index);
      orderNos.push(orderNo);
    }
    const newestFirst = [...orderNos].reverse();
    const first = dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 2 }, token));
    expect(first).toMatchObject({ total: 5, pageNum: 1, pageSize: 2 });
    expect(first.records.map((order) => order.orderNo)).toEqual(newestFirst.slice(0, 2));
    const third = dataOf('payOrderList', await call('payOrderList', { pageNum: 3, pageSize: 2 }, token));
    expect(third.records.map((order) => order.orderNo)).toEqual(newestFirst.slice(4));
    expect(dataOf('payOrderList', await call('payOrderList', { pageNum: 4, pageSize: 2 }, token)).records).toEqual([]);

    // Exactly the contract's order, without the demo's own bookkeeping.
    const envelope = await call('payOrderList', { pageNum: 1, pageSize: 1 }, token);
    const [raw] = (envelope.data as { records: Record<string, unknown>[] }).records;
    expect(Object.keys(raw ?? {}).sort()).toEqual([
      'amount',
      'createTime',
      'credits',
      'currency',
      'invoiceStatus',
      'invoiceUrl',
      'orderNo',
      'packageId',
      'provider',
      'status',
    ]);
    expect(raw).toMatchObject({ orderNo: newestFirst[0], status: 'paid', provider: 'creem' });
  });

  it('narrows to one order by its number, never another account’s', async () => {
    const { token } = await signUp();
    const mine = await buy(token, 'builder', false);
    await buy(token);
    const narrowed = dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10, orderNo: mine }, token));
    expect(narrowed).toMatchObject({ total: 1, records: [{ orderNo: mine, status: 'pending', packageId: 'builder' }] });
    expect(dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10, orderNo: 'NB000' }, token))).toMatchObject({
      total: 0,
      records: [],
    });

    const stranger = await signUp();
    expect(dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10, orderNo: mine }, stranger.token)).total).toBe(0);
    expect(dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10 }, stranger.token))).toMatchObject({ total: 0, records: [] });
  });

  it('refuses bad paging', async () => {
    const { token } = await signUp();
    expect(await call('payOrderList', { pageNum: 0, pageSize: 10 }, token)).toMatchObject({ code: 400001, msg: 'The page number starts at 1.' });
    expect(await call('payOrderList', { pageNum: 1, pageSize: 101 }, token)).toMatchObject({
      code: 400001,
      msg: 'The page size must be between 1 and 100.',
    });
    expect(await call('payOrderList', { pageNum: 1.5, pageSize: 10 }, token)).toMatchObject({
      code: 400001,
      msg: 'The page number must be a whole number.',
    });
  });
});

describe('invoices', () => {
  it('issues an invoice for paid orders, marks them and serves it as a printable page', async () => {
    const { token } = await signUp();
    const first = await buy(token, 'starter');
    const second = await buy(token, 'builder');
    const answer = dataOf(
      'applyInvoice',
      await call('applyInvoice', { ...INVOICE, companyName: 'Acme <b>GmbH</b>', orderNos: [first, second, first] }, token),
    );
    expect(answer.status).toBe('issued');
    expect(answer.applicationId).toMatch(/^INV[0-9A-F]{12}$/);
    expect(answer.downloadUrl).toBe(`${ORIGIN}${INVOICE_PATH}${answer.applicationId}.html`);

    const list = dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10 }, token));
    for (const order of list.records) expect(order).toMatchObject({ invoiceStatus: 'issued', invoiceUrl: answer.downloadUrl });

    // A token-less download link, as a real one.
    const download = await fetch(answer.downloadUrl ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await download.text();
    expect(html).toContain(`Invoice ${answer.applicationId}`);
    expect(html).toContain('Acme &lt;b&gt;GmbH&lt;/b&gt;');
    expect(html).not.toContain('<b>GmbH');
    expect(html).toContain('DE123456789');
    expect(html).toContain(first);
    expect(html).toContain(second);
    expect(html).toContain('$60.00');
    // Paid, with the method and the packages as buyers know them, never the API's ids.
    expect(html).toContain('Paid in full');
    expect(html).toContain('Starter package, 1,000 credits');
    expect(html).toContain('Builder package, 5,250 credits');
    expect(html).toContain('Paid with Creem.');
    expect(html).not.toMatch(/>(starter|builder)</);
    expect(html).toContain('Business customer');
  });

  it('issues an individual’s invoice without a tax ID; a business must give one', async () => {
    const { token } = await signUp();
    const paid = await buy(token);
    const individual = { ...INVOICE, customerType: 'individual', companyName: 'Jane Doe', orderNos: [paid] };
    const { taxId: _omitted, ...withoutTaxId } = individual;
    const business = await call('applyInvoice', { ...withoutTaxId, customerType: 'business' }, token);
    expect(business).toMatchObject({ code: 400001, msg: 'The tax ID must be 3 to 32 characters long.' });
    expect(await call('applyInvoice', { ...individual, customerType: 'person' }, token)).toMatchObject({ code: 400001 });
    const answer = dataOf('applyInvoice', await call('applyInvoice', withoutTaxId, token));
    const html = await (await fetch(answer.downloadUrl ?? '')).text();
    expect(html).toContain('Jane Doe');
    expect(html).toContain('Individual customer');
    expect(html).not.toContain('Tax ID: ');
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await fetch(`${ORIGIN}${INVOICE_PATH}INV000000000000.html`)).status).toBe(404);
    expect((await fetch(`${ORIGIN}${INVOICE_PATH}nothing`)).status).toBe(404);
  });

  it('refuses orders that are not paid, already invoiced or not the account’s, naming the first', async () => {
    const { token } = await signUp();
    const paid = await buy(token);
    const pending = await buy(token, 'starter', false);
    expect(await call('applyInvoice', { ...INVOICE, orderNos: [paid, pending] }, token)).toEqual({
      code: 400001,
      msg: `Order ${pending} is not paid, so it cannot be invoiced.`,
      data: null,
    });
    const stranger = await signUp();
    const theirs = await buy(stranger.token);
    expect(await call('applyInvoice', { ...INVOICE, orderNos: [theirs, pending] }, token)).toMatchObject({
      code: 400001,
      msg: `Order ${theirs} was not found.`,
    });
    // Nothing was marked by the refused applications.
    expect(findOrder(demo.db.read(), paid)?.invoiceStatus).toBe('none');

    expect((await call('applyInvoice', { ...INVOICE, orderNos: [paid] }, token)).code).toBe(200);
    expect(await call('applyInvoice', { ...INVOICE, orderNos: [paid] }, token)).toMatchObject({
      code: 400001,
      msg: `Order ${paid} already has an invoice.`,
    });
  });

  it('checks the invoice details', async () => {
    const { token } = await signUp();
    const paid = await buy(token);
    const refused = async (change: Record<string, unknown>) => (await call('applyInvoice', { ...INVOICE, orderNos: [paid], ...change }, token)).msg;
    expect(await refused({ orderNos: [] })).toBe('Choose at least one order to invoice.');
    expect(await refused({ companyName: '  ' })).toBe('Enter the company or person the invoice is for.');
    expect(await refused({ address: '' })).toBe('Enter the billing address.');
    expect(await refused({ email: 'billing@' })).toBe('Enter a valid e-mail address.');
    expect(await refused({ taxId: 'DE' })).toBe('The tax ID must be 3 to 32 characters long.');
    expect(await refused({ taxId: 'X'.repeat(33) })).toBe('The tax ID must be 3 to 32 characters long.');
    expect(await refused({ taxId: 123 })).toBe('The field "taxId" is missing or has the wrong type.');
    expect(await refused({ customerType: 'individual', taxId: 'DE' })).toBe('The tax ID must be 3 to 32 characters long.');
    expect(findOrder(demo.db.read(), paid)?.invoiceStatus).toBe('none');
    expect((await call('applyInvoice', { ...INVOICE, orderNos: [paid], taxId: ' ABC ' }, token)).code).toBe(200);
    expect(demo.db.read().invoices.find((invoice) => invoice.orderNos.includes(paid))).toMatchObject({ taxId: 'ABC', status: 'issued' });
  });
});

describe('auto top-up', () => {
  it('is stored on the account and reported by user-info', async () => {
    const { token, userInfo } = await signUp();
    expect(userInfo.automaticDeduction).toBeNull();
    const saved = dataOf(
      'setAutomaticDeduction',
      await call('setAutomaticDeduction', { enabled: true, threshold: 500, packageId: 'builder' }, token),
    );
    expect(saved).toEqual({ enabled: true, threshold: 500, packageId: 'builder', paymentMethod: null });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).automaticDeduction).toEqual(saved);

    const off = dataOf(
      'setAutomaticDeduction',
      await call('setAutomaticDeduction', { enabled: false, threshold: 1_000_000, packageId: 'scale', paymentMethod: 'PV-123' }, token),
    );
    expect(off).toEqual({ enabled: false, threshold: 1_000_000, packageId: 'scale', paymentMethod: 'PV-123' });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).automaticDeduction).toEqual(off);
  });

  it('refuses bad thresholds and unknown packages, keeping what was stored', async () => {
    const { token } = await signUp();
    await call('setAutomaticDeduction', { enabled: true, threshold: 100, packageId: 'starter' }, token);
    const range = 'The top-up threshold must be between 1 and 1000000 credits.';
    expect(await call('setAutomaticDeduction', { enabled: true, threshold: 0, packageId: 'starter' }, token)).toMatchObject({
      code: 400001,
      msg: range,
    });
    expect(await call('setAutomaticDeduction', { enabled: true, threshold: 1_000_001, packageId: 'starter' }, token)).toMatchObject({
      code: 400001,
      msg: range,
    });
    expect(await call('setAutomaticDeduction', { enabled: true, threshold: 2.5, packageId: 'starter' }, token)).toMatchObject({
      code: 400001,
      msg: 'The top-up threshold must be a whole number of credits.',
    });
    expect(await call('setAutomaticDeduction', { enabled: true, threshold: 100, packageId: 'mega' }, token)).toMatchObject({
      code: 400001,
      msg: 'There is no credit package "mega".',
    });
    expect(await call('setAutomaticDeduction', { enabled: 'yes', threshold: 100, packageId: 'starter' }, token)).toMatchObject({ code: 400001 });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).automaticDeduction).toEqual({
      enabled: true,
      threshold: 100,
      packageId: 'starter',
      paymentMethod: null,
    });
  });
});

describe('without a session', () => {
  it('answers 401 to every order call', async () => {
    for (const [name, payload] of [
      ['payOrderList', { pageNum: 1, pageSize: 10 }],
      ['applyInvoice', { ...INVOICE, orderNos: ['NB1'] }],
      ['setAutomaticDeduction', { enabled: true, threshold: 100, packageId: 'starter' }],
    ] as const) {
      expect(await call(name, payload), name).toEqual({ code: 401, msg: 'Login has expired', data: null });
    }
  });
});

describe('idempotency keys on order creation', () => {
  const ORDER_CALLS = ['freekassaCreate', 'digisellerCreate', 'creemCheckout', 'nowpaymentsInvoice', 'wechatCreate', 'paypalCreate'] as const;

  async function listed(token: string): Promise<string[]> {
    return dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 50 }, token)).records.map((order) => order.orderNo);
  }

  async function balance(token: string): Promise<number> {
    return dataOf('userInfo', await call('userInfo', {}, token)).credits ?? Number.NaN;
  }

  it.each(ORDER_CALLS)('%s answers a repeat of the same key and body with the same order, and makes no second one', async (name) => {
    const { token } = await signUp();
    const body = { packageId: 'builder', idempotencyKey: `key-${name}` };
    const first = await call(name, body, token);
    const again = await call(name, body, token);
    expect(first.code).toBe(200);
    // The very same answer: the same order number, the same checkout link, QR code or PayPal order.
    expect(again).toEqual(first);
    expect(await listed(token)).toEqual([(first.data as { orderNo: string }).orderNo]);
  });

  it('charges once: the order of a repeated key is paid once, its credits added once', async () => {
    const { token } = await signUp();
    const before = await balance(token);
    const body = { packageId: 'builder', idempotencyKey: 'purchase-1' };
    const { orderNo } = dataOf('creemCheckout', await call('creemCheckout', body, token));
    settleFromCheckout(demo.db, orderNo, 'paid');
    // The buyer's retry after a lost answer, even after paying: the paid order, not a new one.
    expect(dataOf('creemCheckout', await call('creemCheckout', body, token)).orderNo).toBe(orderNo);
    expect(settleFromCheckout(demo.db, orderNo, 'paid')).toBe(false);
    expect(await balance(token)).toBe(before + 5_250);
    expect(await listed(token)).toEqual([orderNo]);
  });

  it('makes the order even when its answer is lost, and the retry with the same key gets that order', async () => {
    const { token } = await signUp();
    demo.controls.set({ nextCall: { kind: 'lostAnswer' }, nextCallTarget: 'wechatCreate' });
    const body = { packageId: 'starter', idempotencyKey: 'lost-1' };
    await expect(call('wechatCreate', body, token)).rejects.toThrow(TypeError);
    const made = await listed(token);
    expect(made).toHaveLength(1);
    expect(dataOf('wechatCreate', await call('wechatCreate', body, token)).orderNo).toBe(made[0]);
    expect(await listed(token)).toEqual(made);
  });

  it('refuses the same key with another body or on another call (422), creating nothing', async () => {
    const { token } = await signUp();
    const { orderNo } = dataOf('creemCheckout', await call('creemCheckout', { packageId: 'builder', idempotencyKey: 'k-1' }, token));
    const reused = {
      code: 422,
      msg: 'This idempotency key was already used for a different order request. Send a new key for a new purchase.',
      data: null,
    };
    expect(await call('creemCheckout', { packageId: 'starter', idempotencyKey: 'k-1' }, token)).toEqual(reused);
    expect(await call('creemCheckout', { packageId: 'builder', returnUrl: `${ORIGIN}/pricing`, idempotencyKey: 'k-1' }, token)).toEqual(reused);
    expect(await call('freekassaCreate', { packageId: 'builder', idempotencyKey: 'k-1' }, token)).toEqual(reused);
    expect(await listed(token)).toEqual([orderNo]);
  });

  it('keeps keys per account, for a day, and lets every call without a key create an order', async () => {
    const ada = await signUp();
    const bob = await signUp();
    const body = { packageId: 'starter', idempotencyKey: 'shared-key' };
    const adas = dataOf('creemCheckout', await call('creemCheckout', body, ada.token)).orderNo;
    const bobs = dataOf('creemCheckout', await call('creemCheckout', body, bob.token)).orderNo;
    expect(bobs).not.toBe(adas);

    // A day later the key is forgotten: the same body makes a new order.
    for (const entry of demo.db.read().idempotentCalls) entry.createdAt -= IDEMPOTENCY_TTL_MS;
    const later = dataOf('creemCheckout', await call('creemCheckout', body, ada.token)).orderNo;
    expect(later).not.toBe(adas);

    await call('creemCheckout', { packageId: 'starter' }, ada.token);
    await call('creemCheckout', { packageId: 'starter' }, ada.token);
    expect(await listed(ada.token)).toHaveLength(4);
  });

  it('does not remember a refusal: the same key goes through once the request can be met', async () => {
    const { token } = await signUp();
    // The first try is refused before anything is made (a code armed for the call): no order, no key taken.
    demo.controls.set({ nextCall: { kind: 'code', code: 500001 }, nextCallTarget: 'paypalCreate' });
    const body = { packageId: 'starter', idempotencyKey: 'after-refusal' };
    expect(await call('paypalCreate', body, token)).toMatchObject({ code: 500001 });
    expect(await call('paypalCreate', { packageId: 'starter', vaultId: 'PV-NOT-MINE', idempotencyKey: 'refused-vault' }, token)).toMatchObject({
      code: 400001,
    });
    expect(await call('paypalCreate', { packageId: 'starter', idempotencyKey: 'refused-vault' }, token)).toMatchObject({ code: 200 });
    expect(await call('paypalCreate', body, token)).toMatchObject({ code: 200 });
    expect(await listed(token)).toHaveLength(2);
  });

  it('checks the key: 1 to 255 characters', async () => {
    const { token } = await signUp();
    const range = 'The idempotency key must be 1 to 255 characters long.';
    expect(await call('creemCheckout', { packageId: 'starter', idempotencyKey: '' }, token)).toMatchObject({ code: 400001, msg: range });
    expect(await call('creemCheckout', { packageId: 'starter', idempotencyKey: 'k'.repeat(256) }, token)).toMatchObject({ code: 400001, msg: range });
    expect(await call('creemCheckout', { packageId: 'starter', idempotencyKey: 'k'.repeat(255) }, token)).toMatchObject({ code: 200 });
    expect(await listed(token)).toHaveLength(1);
  });
});

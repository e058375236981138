import { describe, expect, it } from 'vitest';
import { settleFromCheckout } from '../../../src/demo/checkout/checkoutOrder';
import { findOrder } from '../../../src/demo/db';
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

const INVOICE = { companyName: 'Acme GmbH', taxId: 'DE123456789', email: 'billing@acme.example', address: 'Hauptstr. 1, 10115 Berlin, DE' };

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
    expect(Object.keys(raw ?? {}).sort()).toEqual(['amount', 'createTime', 'credits', 'currency', 'invoiceStatus', 'invoiceUrl', 'orderNo', 'packageId', 'provider', 'status']);
    expect(raw).toMatchObject({ orderNo: newestFirst[0], status: 'paid', provider: 'creem' });
  });

  it('narrows to one order by its number, never another account’s', async () => {
    const { token } = await signUp();
    const mine = await buy(token, 'builder', false);
    await buy(token);
    const narrowed = dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10, orderNo: mine }, token));
    expect(narrowed).toMatchObject({ total: 1, records: [{ orderNo: mine, status: 'pending', packageId: 'builder' }] });
    expect(dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10, orderNo: 'NB000' }, token))).toMatchObject({ total: 0, records: [] });

    const stranger = await signUp();
    expect(dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10, orderNo: mine }, stranger.token)).total).toBe(0);
    expect(dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10 }, stranger.token))).toMatchObject({ total: 0, records: [] });
  });

  it('refuses bad paging', async () => {
    const { token } = await signUp();
    expect(await call('payOrderList', { pageNum: 0, pageSize: 10 }, token)).toMatchObject({ code: 400001, msg: 'The page number starts at 1.' });
    expect(await call('payOrderList', { pageNum: 1, pageSize: 101 }, token)).toMatchObject({ code: 400001, msg: 'The page size must be between 1 and 100.' });
    expect(await call('payOrderList', { pageNum: 1.5, pageSize: 10 }, token)).toMatchObject({ code: 400001, msg: 'The page number must be a whole number.' });
  });
});

describe('invoices', () => {
  it('issues an invoice for paid orders, marks them and serves it as a printable page', async () => {
    const { token } = await signUp();
    const first = await buy(token, 'starter');
    const second = await buy(token, 'builder');
    const answer = dataOf('applyInvoice', await call('applyInvoice', { ...INVOICE, companyName: 'Acme <b>GmbH</b>', orderNos: [first, second, first] }, token));
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
    expect(await call('applyInvoice', { ...INVOICE, orderNos: [theirs, pending] }, token)).toMatchObject({ code: 400001, msg: `Order ${theirs} was not found.` });
    // Nothing was marked by the refused applications.
    expect(findOrder(demo.db.read(), paid)?.invoiceStatus).toBe('none');

    expect((await call('applyInvoice', { ...INVOICE, orderNos: [paid] }, token)).code).toBe(200);
    expect(await call('applyInvoice', { ...INVOICE, orderNos: [paid] }, token)).toMatchObject({ code: 400001, msg: `Order ${paid} already has an invoice.` });
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
    expect(findOrder(demo.db.read(), paid)?.invoiceStatus).toBe('none');
    expect((await call('applyInvoice', { ...INVOICE, orderNos: [paid], taxId: ' ABC ' }, token)).code).toBe(200);
    expect(demo.db.read().invoices.find((invoice) => invoice.orderNos.includes(paid))).toMatchObject({ taxId: 'ABC', status: 'issued' });
  });
});

describe('auto top-up', () => {
  it('is stored on the account and reported by user-info', async () => {
    const { token, userInfo } = await signUp();
    expect(userInfo.automaticDeduction).toBeNull();
    const saved = dataOf('setAutomaticDeduction', await call('setAutomaticDeduction', { enabled: true, threshold: 500, packageId: 'builder' }, token));
    expect(saved).toEqual({ enabled: true, threshold: 500, packageId: 'builder', paymentMethod: null });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).automaticDeduction).toEqual(saved);

    const off = dataOf('setAutomaticDeduction', await call('setAutomaticDeduction', { enabled: false, threshold: 1_000_000, packageId: 'scale', paymentMethod: 'PV-123' }, token));
    expect(off).toEqual({ enabled: false, threshold: 1_000_000, packageId: 'scale', paymentMethod: 'PV-123' });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).automaticDeduction).toEqual(off);
  });

  it('refuses bad thresholds and unknown packages, keeping what was stored', async () => {
    const { token } = await signUp();
    await call('setAutomaticDeduction', { enabled: true, threshold: 100, packageId: 'starter' }, token);
    const range = 'The top-up threshold must be between 1 and 1000000 credits.';
    expect(await call('setAutomaticDeduction', { enabled: true, threshold: 0, packageId: 'starter' }, token)).toMatchObject({ code: 400001, msg: range });
    expect(await call('setAutomaticDeduction', { enabled: true, threshold: 1_000_001, packageId: 'starter' }, token)).toMatchObject({ code: 400001, msg: range });
    expect(await call('setAutomaticDeduction', { enabled: true, threshold: 2.5, packageId: 'starter' }, token)).toMatchObject({
      code: 400001,
      msg: 'The top-up threshold must be a whole number of credits.',
    });
    expect(await call('setAutomaticDeduction', { enabled: true, threshold: 100, packageId: 'mega' }, token)).toMatchObject({ code: 400001, msg: 'There is no credit package "mega".' });
    expect(await call('setAutomaticDeduction', { enabled: 'yes', threshold: 100, packageId: 'starter' }, token)).toMatchObject({ code: 400001 });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).automaticDeduction).toEqual({ enabled: true, threshold: 100, packageId: 'starter', paymentMethod: null });
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

import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentProvider } from '../../../src/api/contract';
import { DemoControls } from '../../../src/demo/DemoControls';
import { CheckoutPage } from '../../../src/demo/checkout/CheckoutPage';
import { parseCheckoutRequest, withProviderReturn } from '../../../src/demo/checkout/checkoutOrder';
import { PAYPAL_MESSAGE_SOURCE } from '../../../src/demo/checkout/paypalMessage';
import { createAccount, createOrder, findOrder, type NewOrder } from '../../../src/demo/db';
import { createDemoEnvironment, type DemoEnvironment } from '../../../src/demo/environment';
import { POPUP_POLL_MS, createDemoPaypal, demoPaypalUrl, type PopupHost } from '../../../src/demo/paypal';
import type { PaypalReport } from '../../../src/services/paypal';
import { DEMO_CHECKOUT_PATH } from '../../../src/domain/paymentProviders';

const ORIGIN = 'http://localhost:5173';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function setUp(provider: PaymentProvider, extra: Partial<NewOrder> = {}) {
  const env = createDemoEnvironment();
  const data = env.db.read();
  const account = await createAccount(data, { email: 'buyer@example.com', password: null, referDomain: 'direct', utmTerm: '' });
  const order = createOrder(data, account, { provider, packageId: 'builder', amount: 40, currency: 'USD', credits: 5_250, ...extra });
  env.db.save();
  return { env, account, order };
}

function renderPage(env: DemoEnvironment, href: string) {
  const navigate = vi.fn<(url: string) => void>();
  const postToOpener = vi.fn();
  const closeWindow = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <CheckoutPage env={env} request={parseCheckoutRequest(href)} navigate={navigate} postToOpener={postToOpener} closeWindow={closeWindow} />
    </I18nProvider>,
  );
  return { navigate, postToOpener, closeWindow };
}

const returnUrl = `${ORIGIN}/dashboard/billing?provider=creem&payment=returned`;
const cancelUrl = `${ORIGIN}/dashboard/billing?provider=creem&payment=cancelled`;
function creemHref(orderNo: string): string {
  return `${ORIGIN}${DEMO_CHECKOUT_PATH}creem?${new URLSearchParams({ orderNo, returnUrl, cancelUrl }).toString()}`;
}

describe('checkout addresses', () => {
  it('reads the provider, order and return addresses, refusing addresses of other sites', () => {
    expect(parseCheckoutRequest(creemHref('NB1'))).toEqual({ provider: 'creem', orderNo: 'NB1', returnUrl, cancelUrl, paypalOrderId: '' });
    const foreign = parseCheckoutRequest(
      `${ORIGIN}${DEMO_CHECKOUT_PATH}freekassa?orderNo=NB2&returnUrl=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(foreign).toMatchObject({ provider: 'freekassa', returnUrl: `${ORIGIN}/dashboard/billing?provider=freekassa&payment=returned` });
    expect(parseCheckoutRequest(`${ORIGIN}${DEMO_CHECKOUT_PATH}bank?orderNo=NB3`).provider).toBeNull();
    // Each provider's documented return, and never our own order parameter.
    expect(withProviderReturn(returnUrl, 'creem', 'NB9')).toBe(
      `${returnUrl}&checkout_id=ch_demoNB9&order_id=ord_demoNB9&customer_id=cust_demo&product_id=prod_demo&request_id=NB9`,
    );
    expect(withProviderReturn(cancelUrl, 'creem', 'NB9')).toBe(cancelUrl);
    expect(withProviderReturn(returnUrl, 'freekassa', 'NB9')).toBe(`${returnUrl}&MERCHANT_ORDER_ID=NB9`);
    expect(withProviderReturn(returnUrl, 'digiseller', 'NB9')).toBe(`${returnUrl}&uniquecode=DEMONB9000000000`);
    expect(withProviderReturn(returnUrl, 'nowpayments', 'NB9')).toBe(returnUrl);
  });
});

describe('a redirect provider’s checkout page', () => {
  it('shows the order and pays it, then returns with what Creem adds to the return address', async () => {
    const { env, account, order } = await setUp('creem');
    const { navigate } = renderPage(env, creemHref(order.orderNo));
    expect(screen.getByText('Demo checkout — no money moves')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Creem' })).toHaveFocus();
    expect(screen.getByText('Merchant: Nano Banana API')).toBeInTheDocument();
    expect(screen.getByText('$40.00')).toBeInTheDocument();
    expect(screen.getByText('5,250')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(navigate).toHaveBeenCalledWith(withProviderReturn(returnUrl, 'creem', order.orderNo));
    expect(findOrder(env.db.read(), order.orderNo)?.status).toBe('paid');
    expect(account.credits).toBe(100 + 5_250);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it.each([
    ['Cancel', 'cancelled', cancelUrl],
    ['Fail the payment', 'failed', returnUrl],
    ['Leave without paying', 'pending', returnUrl],
  ] as const)('%s leaves the order %s and goes back', async (button, status, back) => {
    const { env, account, order } = await setUp('creem');
    const { navigate } = renderPage(env, creemHref(order.orderNo));
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(navigate).toHaveBeenCalledWith(withProviderReturn(back, 'creem', order.orderNo));
    expect(findOrder(env.db.read(), order.orderNo)?.status).toBe(status);
    expect(account.credits).toBe(100);
  });

  it('NOWPayments: the crypto sent but not yet confirmed leaves the order pending and goes back; only its page offers it', async () => {
    const { env, account, order } = await setUp('nowpayments');
    const back = `${ORIGIN}/dashboard/billing?provider=nowpayments&payment=returned`;
    const href = `${ORIGIN}${DEMO_CHECKOUT_PATH}nowpayments?${new URLSearchParams({ orderNo: order.orderNo, returnUrl: back, cancelUrl }).toString()}`;
    const { navigate } = renderPage(env, href);
    fireEvent.click(screen.getByRole('button', { name: 'Send the crypto, confirmations pending' }));
    expect(navigate).toHaveBeenCalledWith(back);
    const stored = findOrder(env.db.read(), order.orderNo);
    expect(stored).toMatchObject({ status: 'pending', cryptoSent: true });
    expect(account.credits).toBe(100);
    cleanup();

    const creem = await setUp('creem');
    renderPage(creem.env, creemHref(creem.order.orderNo));
    expect(screen.queryByRole('button', { name: 'Send the crypto, confirmations pending' })).toBeNull();
  });

  it('says so for an unknown or already settled order, with a link back', async () => {
    const { env, order } = await setUp('creem');
    renderPage(env, creemHref('NB404'));
    expect(screen.getByRole('alert')).toHaveTextContent('This checkout link does not match any order.');
    expect(screen.getByRole('link', { name: 'Back to Nano Banana API' })).toHaveAttribute('href', returnUrl);
    cleanup();

    // The order belongs to Creem: another provider's page does not know it.
    renderPage(env, `${ORIGIN}${DEMO_CHECKOUT_PATH}freekassa?orderNo=${order.orderNo}`);
    expect(screen.getByRole('alert')).toHaveTextContent('This checkout link does not match any order.');
    cleanup();

    findOrder(env.db.read(), order.orderNo)!.status = 'paid';
    renderPage(env, creemHref(order.orderNo));
    expect(screen.getByRole('alert')).toHaveTextContent('This order is already paid.');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});

describe('the PayPal popup', () => {
  async function paypalPage() {
    const setup = await setUp('paypal', { paypalOrderId: 'PP-ABC' });
    const href = demoPaypalUrl(ORIGIN, { orderNo: setup.order.orderNo, paypalOrderId: 'PP-ABC' });
    return { ...setup, href };
  }

  it('approves the order and tells the app', async () => {
    const { env, order, href, account } = await paypalPage();
    const { postToOpener, closeWindow } = renderPage(env, href);
    expect(screen.getByRole('heading', { level: 1, name: 'PayPal' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(findOrder(env.db.read(), order.orderNo)).toMatchObject({ approved: true, status: 'pending' });
    // Approval is not payment: the app's capture takes the money.
    expect(account.credits).toBe(100);
    expect(postToOpener).toHaveBeenCalledWith({ source: PAYPAL_MESSAGE_SOURCE, orderNo: order.orderNo, outcome: 'approved' });
    expect(closeWindow).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Done. You can close this window.');
  });

  it('cancels, or declines the card with a message', async () => {
    const { env, order, href } = await paypalPage();
    const first = renderPage(env, href);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(first.postToOpener).toHaveBeenCalledWith({ source: PAYPAL_MESSAGE_SOURCE, orderNo: order.orderNo, outcome: 'cancelled' });
    cleanup();

    const second = renderPage(env, href);
    fireEvent.click(screen.getByRole('button', { name: 'Decline the card' }));
    expect(second.postToOpener).toHaveBeenCalledWith({
      source: PAYPAL_MESSAGE_SOURCE,
      orderNo: order.orderNo,
      outcome: 'error',
      message: 'The card was declined. Try another card or payment method.',
    });
    expect(findOrder(env.db.read(), order.orderNo)?.approved).toBeUndefined();
  });

  it('does not know a PayPal order id of another order', async () => {
    const { env, order } = await paypalPage();
    renderPage(env, demoPaypalUrl(ORIGIN, { orderNo: order.orderNo, paypalOrderId: 'PP-OTHER' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This PayPal link does not match any order.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('the WeChat scan page', () => {
  it('confirms the payment', async () => {
    const { env, order, account } = await setUp('wechat', { expireTime: new Date(Date.now() + 60_000).toISOString() });
    renderPage(env, `${ORIGIN}${DEMO_CHECKOUT_PATH}wechat?orderNo=${order.orderNo}`);
    expect(screen.getByRole('heading', { level: 1, name: 'WeChat Pay' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment in WeChat (demo)' }));
    expect(screen.getByRole('status')).toHaveTextContent('Paid — you can close this page.');
    expect(findOrder(env.db.read(), order.orderNo)?.status).toBe('paid');
    expect(account.credits).toBe(100 + 5_250);
  });

  it('says when the QR code has expired, also if it lapses while the page is open', async () => {
    const { env, order, account } = await setUp('wechat', { expireTime: new Date(Date.now() + 60_000).toISOString() });
    renderPage(env, `${ORIGIN}${DEMO_CHECKOUT_PATH}wechat?orderNo=${order.orderNo}`);
    findOrder(env.db.read(), order.orderNo)!.expireTime = new Date(Date.now() - 1).toISOString();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment in WeChat (demo)' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This QR code has expired. Ask for a new one in the app.');
    expect(findOrder(env.db.read(), order.orderNo)?.status).toBe('expired');
    expect(account.credits).toBe(100);
    cleanup();

    renderPage(env, `${ORIGIN}${DEMO_CHECKOUT_PATH}wechat?orderNo=${order.orderNo}`);
    expect(screen.getByRole('alert')).toHaveTextContent('This QR code has expired.');
  });
});

describe('demo PayPal (the app side of the popup)', () => {
  const order = { orderNo: 'NB20250101000001', paypalOrderId: 'PP-1' };

  function fakeHost(popup: { closed: boolean; close: () => void } | null = { closed: false, close: vi.fn() }) {
    const listeners = new Set<(event: MessageEvent) => void>();
    const open = vi.fn<PopupHost['open']>(() => popup);
    const host: PopupHost = {
      origin: ORIGIN,
      open,
      addEventListener: (_type, listener) => listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
      frame: { left: 0, top: 0, width: 1280, height: 800 },
    };
    const post = (data: unknown, origin = ORIGIN) => {
      for (const listener of [...listeners]) listener(new MessageEvent('message', { data, origin }));
    };
    return { host, open, post, popup, listeners };
  }

  /** Opens the demo PayPal for the order; returns what it reports. */
  function openDemo(fake: ReturnType<typeof fakeHost>) {
    const reports: PaypalReport[] = [];
    const session = createDemoPaypal(() => fake.host).open({ ...order, currency: 'USD' }, (report) => reports.push(report));
    return { reports, session };
  }

  it('opens the demo PayPal page in a 480×640 popup and reports the answer', () => {
    const fake = fakeHost();
    const { reports } = openDemo(fake);
    expect(fake.open).toHaveBeenCalledWith(
      `${ORIGIN}${DEMO_CHECKOUT_PATH}paypal?orderNo=${order.orderNo}&token=PP-1`,
      expect.any(String),
      expect.stringContaining('width=480,height=640'),
    );
    // Messages from elsewhere, of another shape or for another order are ignored.
    fake.post({ source: PAYPAL_MESSAGE_SOURCE, orderNo: order.orderNo, outcome: 'cancelled' }, 'https://evil.example');
    fake.post({ source: 'someone-else', orderNo: order.orderNo, outcome: 'cancelled' });
    fake.post({ source: PAYPAL_MESSAGE_SOURCE, orderNo: 'NB-other', outcome: 'cancelled' });
    fake.post({ source: PAYPAL_MESSAGE_SOURCE, orderNo: order.orderNo, outcome: 'approved' });
    expect(reports).toEqual([{ type: 'paypal.approved' }]);
    expect(fake.listeners.size).toBe(0);
  });

  it('reports a cancel, and the popup’s error message', () => {
    const cancelled = fakeHost();
    const first = openDemo(cancelled);
    cancelled.post({ source: PAYPAL_MESSAGE_SOURCE, orderNo: order.orderNo, outcome: 'cancelled' });
    expect(first.reports).toEqual([{ type: 'paypal.cancelled' }]);

    const declined = fakeHost();
    const second = openDemo(declined);
    declined.post({ source: PAYPAL_MESSAGE_SOURCE, orderNo: order.orderNo, outcome: 'error', message: 'The card was declined.' });
    expect(second.reports).toEqual([{ type: 'paypal.failed', error: new Error('The card was declined.') }]);
  });

  it('says clearly when the popup is blocked', () => {
    const { reports } = openDemo(fakeHost(null));
    expect(reports).toEqual([
      { type: 'paypal.failed', error: new Error('The PayPal window was blocked. Allow pop-ups for this site and try again.') },
    ]);
  });

  it('reports a cancel when the popup is closed without an answer', async () => {
    vi.useFakeTimers();
    const fake = fakeHost();
    const { reports } = openDemo(fake);
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS * 3);
    expect(reports).toEqual([]);
    fake.popup!.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS * 2);
    expect(reports).toEqual([{ type: 'paypal.cancelled' }]);
  });

  it('opens the page again for the same order on a restart, and closes the popup when the payment is done with it', () => {
    const fake = fakeHost();
    const { reports, session } = openDemo(fake);
    fake.post({ source: PAYPAL_MESSAGE_SOURCE, orderNo: order.orderNo, outcome: 'approved' });
    session.restart();
    expect(fake.open).toHaveBeenCalledTimes(2);
    expect(fake.open.mock.calls[1]?.[0]).toBe(fake.open.mock.calls[0]?.[0]);
    session.close();
    expect(fake.popup!.close).toHaveBeenCalled();
    expect(fake.listeners.size).toBe(0);
    // Closed: a late answer is no one's.
    fake.post({ source: PAYPAL_MESSAGE_SOURCE, orderNo: order.orderNo, outcome: 'approved' });
    expect(reports).toEqual([{ type: 'paypal.approved' }]);
  });
});

describe('the "unknown host" demo control', () => {
  it('is armed from the panel, explained, and shown as armed until used', () => {
    window.history.replaceState(null, '', '/?demo');
    const env = createDemoEnvironment();
    render(
      <I18nProvider i18n={i18n}>
        <DemoControls environment={env} reload={vi.fn()} />
      </I18nProvider>,
    );
    const box = screen.getByRole('checkbox', { name: 'Next checkout link: unknown host' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(env.controls.get().unknownCheckoutHost).toBe(true);
    expect(box).toBeChecked();
    expect(screen.getByText(/checkout link on checkout\.unknown-host\.example/)).toBeInTheDocument();

    act(() => void env.controls.consumeUnknownCheckoutHost());
    expect(box).not.toBeChecked();
    expect(screen.queryByText(/checkout\.unknown-host\.example/)).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});

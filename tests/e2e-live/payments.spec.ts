import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { QRCodeSVG } from 'qrcode.react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import settings from './settings.json' with { type: 'json' };
import { openApp } from '../e2e/fixtures';
import { submitSignIn } from './signIn';
import { routeProviders } from './standins';
import { confirmNowpayments } from './standins/checkouts';
import { notifyWechatPaid } from './standins/wechat';

/**
 * Buying credits in a LIVE build with every provider: the app's own payment code (src/actors/payments.ts, the live
 * PayPal adapter) against the test API, which hands out each provider's real link, and stand-ins on the providers'
 * real addresses that behave as each documents (./standins). A paid order is settled only by the provider's signed
 * notification to the API, never by the browser.
 */

type Account = { email: string; password: string; credits: number };
type RedirectName = 'Creem' | 'NOWPayments' | 'Freekassa' | 'Digiseller';

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
/** The package these tests buy (the page starts from the smallest): 5,000 credits and 250 bonus for $50.00. */
const PACKAGE = { credits: 5_250, price: 50 };
/** The host each redirect provider's checkout must be on. */
const CHECKOUT_LINKS: Record<RedirectName, RegExp> = {
  Creem: /^https:\/\/creem\.io\/checkout\/prod_\w+\/ch_[0-9a-f]+$/,
  NOWPayments: /^https:\/\/nowpayments\.io\/payment\/\?iid=\d+$/,
  Freekassa: /^https:\/\/pay\.freekassa\.net\/\?m=\d+&oa=50\.00&currency=USD&o=NB\d+&lang=en&s=[0-9a-f]{32}$/,
  Digiseller: /^https:\/\/oplata\.info\/asp2\/pay_wm\.asp\?id_d=\d+&id_po=\d+&curr=USD&lang=en-US$/,
};

function buyPanel(page: Page) {
  return page.getByRole('region', { name: 'Buy credits' });
}
function orderRows(page: Page) {
  return page.getByRole('region', { name: 'Orders' }).getByRole('table').locator('tbody tr');
}
function payButton(page: Page, provider: string) {
  return buyPanel(page).getByRole('button', { name: new RegExp(`^Pay \\$[\\d,.]+ with ${provider}$`) });
}

async function signIn(page: Page, account: Account): Promise<void> {
  await routeProviders(page.context(), API_URL);
  await openApp(page);
  await submitSignIn(page, account.email, account.password);
  await expect(page.getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
}

async function openBilling(page: Page, provider: string): Promise<void> {
  await openApp(page, '/dashboard/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await buyPanel(page).getByRole('radio', { name: provider, exact: true }).check();
  await buyPanel(page)
    .getByRole('radio', { name: /^5,000 credits/ })
    .check();
}

/** What the API says of the account: its balance from the task API's credit call, and its orders. */
async function serverView(request: APIRequestContext, account: Account): Promise<{ balance: number; orders: { orderNo: string; status: string }[] }> {
  const login = await request.post(`${API_URL}/client/v1/user/login`, { data: { email: account.email, password: account.password } });
  const { data } = (await login.json()) as { data: { token: string; userInfo: { apiKey: string } } };
  const credit = await request.get(`${API_URL}/api/v1/common/credit`, { headers: { authorization: `Bearer ${data.userInfo.apiKey}` } });
  const balance = ((await credit.json()) as { data: number }).data;
  const list = await request.post(`${API_URL}/client/v1/payOrder/getNanobananaAiPayOrderList`, {
    headers: { authorization: data.token },
    data: { pageNum: 1, pageSize: 10 },
  });
  const orders = ((await list.json()) as { data: { records: { orderNo: string; status: string }[] } }).data.records;
  return { balance, orders };
}

/** Every notification the providers sent the API, and whether it accepted each. */
async function allNotifications(request: APIRequestContext): Promise<{ provider: string; orderNo: string | null; accepted: boolean }[]> {
  return (await (await request.get(`${API_URL}/__test/providers/notifications`)).json()) as {
    provider: string;
    orderNo: string | null;
    accepted: boolean;
  }[];
}

/** The providers' notifications the API accepted for this order (PayPal's are none: the app captures). */
async function acceptedNotifications(request: APIRequestContext, orderNo: string): Promise<string[]> {
  return (await allNotifications(request)).filter((one) => one.orderNo === orderNo && one.accepted).map((one) => one.provider);
}

/**
 * The paid end of a purchase: the page says so, lists one paid order, and shows the balance the API reports.
 * `notifiedBy` is the provider whose signed notification settled the order at the API.
 */
async function expectPaidOnce(page: Page, request: APIRequestContext, account: Account, provider: string, notifiedBy: string | null): Promise<void> {
  await expect(buyPanel(page).getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible({ timeout: 20_000 });
  const server = await serverView(request, account);
  expect(server.balance).toBe(account.credits + PACKAGE.credits);
  expect(server.orders).toEqual([expect.objectContaining({ status: 'paid' })]);
  const shown = server.balance.toLocaleString('en-US');
  await expect(buyPanel(page).getByText(`Balance: ${shown} credits`)).toBeVisible();
  await expect(
    page
      .getByRole('banner')
      .getByTitle('Credit balance')
      .filter({ hasText: `${shown} credits` }),
  ).toBeVisible();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).first()).toContainText(server.orders[0]?.orderNo ?? 'no order');
  await expect(orderRows(page).first()).toContainText(provider);
  await expect(orderRows(page).first()).toContainText('Paid');
  expect(await acceptedNotifications(request, server.orders[0]?.orderNo ?? '')).toEqual(notifiedBy === null ? [] : [notifiedBy]);
}

/** The `d` of each path qrcode.react draws for `value` with the props the checkout uses (its background and its modules). */
function qrModulesOf(value: string): string[] {
  const markup = renderToStaticMarkup(createElement(QRCodeSVG, { value, size: 180, marginSize: 1, title: 'WeChat Pay QR code' }));
  return [...markup.matchAll(/<path[^>]* d="([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** The order-creating call's answer, as the app received it. */
async function orderAnswer(page: Page, path: string): Promise<Record<string, string>> {
  const answer = await page.waitForResponse((response) => response.url() === `${API_URL}${path}` && response.request().method() === 'POST');
  return ((await answer.json()) as { data: Record<string, string> }).data;
}

/**
 * Each redirect provider, its buyer, and where it sends the buyer back: Creem and NOWPayments to the address the
 * order was made with (Creem adding its ids and a signature), Freekassa and Digiseller to the address set in their
 * own panels, with their own parameter. None adds our order number.
 */
const REDIRECTS: { name: RedirectName; account: Account; back: RegExp }[] = [
  {
    name: 'Creem',
    account: settings.accounts.payCreem,
    back: /\/dashboard\/billing\?provider=creem&payment=returned&checkout_id=ch_[0-9a-f]+&order_id=ord_\w+&customer_id=\w+&product_id=\w+&request_id=NB\d+&signature=[0-9a-f]{64}$/,
  },
  { name: 'NOWPayments', account: settings.accounts.payNowpayments, back: /\/dashboard\/billing\?provider=nowpayments&payment=returned$/ },
  { name: 'Freekassa', account: settings.accounts.payFreekassa, back: /\/dashboard\/billing\?MERCHANT_ORDER_ID=NB\d+$/ },
  { name: 'Digiseller', account: settings.accounts.payDigiseller, back: /\/dashboard\/billing\?uniquecode=\w{16}$/ },
];

/** The words of a crypto payment waiting for blockchain confirmations: the API says only "pending", so they say "if". */
const WAITING_FOR_CONFIRMATIONS = 'If you sent the crypto, NOWPayments is waiting for it to be confirmed on the blockchain';

for (const provider of REDIRECTS) {
  test(`${provider.name}: the real checkout link, paid on the provider's page, back with one paid order`, async ({ page, request }) => {
    await signIn(page, provider.account);
    await openBilling(page, provider.name);

    // The app leaves for the link the API handed out (the answer's body is gone once the page navigates).
    // The page's own navigations only: a frame loading elsewhere (a provider's iframe) is not the buyer leaving.
    const topLevel = (sent: Request) => sent.isNavigationRequest() && sent.frame() === page.mainFrame();
    const leaving = page.waitForRequest((sent) => topLevel(sent) && !sent.url().startsWith(`http://127.0.0.1:${settings.previewPort}/`));
    const returned = page.waitForRequest(
      (sent) => topLevel(sent) && sent.url().startsWith(`http://127.0.0.1:${settings.previewPort}/dashboard/billing?`),
    );
    await payButton(page, provider.name).click();
    const link = (await leaving).url();
    expect(link).toMatch(CHECKOUT_LINKS[provider.name]);

    // The provider's own page, on its own host.
    await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible();
    expect(page.url()).toBe(link);
    await expect(page.getByText('Amount: 50.00 USD')).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back where this provider sends the buyer, with what it adds: never our order number.
    const back = new URL((await returned).url());
    expect(back.href).toMatch(provider.back);
    expect(back.searchParams.has('orderNo')).toBe(false);
    if (provider.name === 'NOWPayments') {
      // The payment is on the blockchain, not yet confirmed: the page says so, then sees it settle.
      await expect(buyPanel(page).getByText(WAITING_FOR_CONFIRMATIONS, { exact: false })).toBeVisible();
      await confirmNowpayments(API_URL, new URL(link).searchParams.get('iid') ?? '');
    }
    await expectPaidOnce(page, request, provider.account, provider.name, provider.name.toLowerCase());
  });
}

test("Creem: a checkout paid in another tab takes no second payment from the first tab's page", async ({ page, request }) => {
  const account = settings.accounts.payTwoTabsCreem;
  await signIn(page, account);
  await openBilling(page, 'Creem');
  await payButton(page, 'Creem').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creem' })).toBeVisible();

  // The same checkout link in a second tab, paid there first.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(other).toHaveURL(/\/dashboard\/billing\?.*[?&]checkout_id=ch_/);

  // The first tab's page was opened while the checkout was pending; its Pay now finds it closed.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('This payment is closed (paid).')).toBeVisible();
  const server = await serverView(request, account);
  expect(server.balance).toBe(account.credits + PACKAGE.credits);
  expect(await acceptedNotifications(request, server.orders[0]?.orderNo ?? '')).toEqual(['creem']);
  expect((await allNotifications(request)).filter((one) => one.orderNo === server.orders[0]?.orderNo)).toHaveLength(1);
});

test('NOWPayments: Cancel on the invoice page returns to the cancel address; nothing is charged', async ({ page, request }) => {
  const account = settings.accounts.cancelNowpayments;
  await signIn(page, account);
  await openBilling(page, 'NOWPayments');
  await payButton(page, 'NOWPayments').click();
  await expect(page.getByRole('heading', { level: 1, name: 'NOWPayments' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/billing/);
  // NOWPayments is not told of a cancel: the order stays open at the API until it expires, and the page says so.
  await expect(buyPanel(page).getByText(/^You left NOWPayments’s page without paying\. Order NB\d+ stays open/)).toBeVisible();
  const server = await serverView(request, account);
  expect(server.balance).toBe(account.credits);
  expect(server.orders.filter((order) => order.status === 'paid')).toEqual([]);
  await expect(buyPanel(page).getByText(`Balance: ${account.credits} credits`)).toBeVisible();
});

/** PayPal's button, in PayPal's buttons frame (zoid's component frame) inside the checkout. */
function paypalButton(page: Page) {
  return page.frameLocator('iframe[name^="__zoid__paypal_buttons__"]').getByRole('button', { name: 'PayPal', exact: true });
}

/** Starts a PayPal payment: PayPal's buttons render in the checkout, and a click on its button opens PayPal's window. */
async function openPaypalWindow(page: Page): Promise<{ window: Page; paypalOrderId: string; captures: Request[] }> {
  const captures: Request[] = [];
  page.on('request', (sent) => {
    if (sent.url() === `${API_URL}/client/trade/paypal/capture` && sent.method() === 'POST') captures.push(sent);
  });
  const created = orderAnswer(page, '/client/trade/paypal/create');
  await payButton(page, 'PayPal').click();
  const { paypalOrderId = '' } = await created;
  const opened = page.waitForEvent('popup');
  await paypalButton(page).click();
  const window = await opened;
  await expectPaypalChoice(window, paypalOrderId);
  return { window, paypalOrderId, captures };
}

/** PayPal's window shows its funding choices for the order the API created there. */
async function expectPaypalChoice(window: Page, paypalOrderId: string): Promise<void> {
  await expect(window.getByRole('heading', { level: 1, name: 'PayPal' })).toBeVisible();
  await expect(window.getByText(`Order ${paypalOrderId}`)).toBeVisible();
  expect(window.url()).toBe(`https://www.paypal.com/checkoutnow?token=${encodeURIComponent(paypalOrderId)}`);
}

async function clickClosing(window: Page, name: string): Promise<void> {
  const closed = window.waitForEvent('close');
  await window
    .getByRole('button', { name, exact: true })
    .click()
    .catch((error: unknown) => {
      if (!window.isClosed()) throw error;
    });
  await closed;
}

/** The billing page's own headers: the live build's policy, Trusted Types enforced. */
async function expectEnforcedTrustedTypes(request: APIRequestContext): Promise<void> {
  const headers = (await request.get('/dashboard/billing')).headers();
  expect(headers['content-security-policy']).toContain("require-trusted-types-for 'script'");
  expect(headers['content-security-policy']).toContain("trusted-types default goog#html 'allow-duplicates'");
  expect(headers).not.toHaveProperty('content-security-policy-report-only');
}

test("PayPal: the SDK's buttons render under enforced Trusted Types, approval in PayPal's window, the app's capture; one paid order", async ({
  page,
  request,
}) => {
  await expectEnforcedTrustedTypes(request);
  const account = settings.accounts.payPaypal;
  await signIn(page, account);
  await openBilling(page, 'PayPal');
  const sdkLoads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().startsWith('https://www.paypal.com/sdk/js')) sdkLoads.push(sent.url());
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const { window, paypalOrderId, captures } = await openPaypalWindow(page);
  // The SDK for this client, the order's currency, and no Venmo.
  const sdk = new URL(sdkLoads[0] ?? 'https://invalid');
  expect(Object.fromEntries(sdk.searchParams)).toMatchObject({
    'client-id': settings.providers.paypalClientId,
    currency: 'USD',
    'disable-funding': 'venmo',
  });
  // PayPal's window stays open, at work, while the app captures; PayPal closes it once onApprove has settled.
  await clickClosing(window, 'Pay Now');

  await expectPaidOnce(page, request, account, 'PayPal', null);
  expect(captures).toHaveLength(1);
  expect(captures[0]?.postDataJSON()).toEqual({ orderNo: expect.stringMatching(/^NB\d+$/), paypalOrderId });
  expect(pageErrors).toEqual([]);
});

test("PayPal: a funding source declined at the capture sends the buyer back to PayPal's choice in the same window; another one pays", async ({
  page,
  request,
}) => {
  const account = settings.accounts.declinedPaypal;
  await signIn(page, account);
  await openBilling(page, 'PayPal');
  const { window, paypalOrderId, captures } = await openPaypalWindow(page);
  const closed = window.waitForEvent('close');

  // The card is approved in PayPal, and PayPal declines it when the app captures: onApprove restarts the checkout.
  await window.getByRole('button', { name: 'Pay with card ending 0002', exact: true }).click();
  await expect(buyPanel(page).getByText('PayPal declined that payment method. Nothing was charged.', { exact: false })).toBeVisible();
  expect(captures).toHaveLength(1);
  // The same window, back at PayPal's choice for the same order; nothing was charged.
  await expectPaypalChoice(window, paypalOrderId);
  expect((await serverView(request, account)).orders).toEqual([expect.objectContaining({ status: 'pending' })]);

  await window.getByRole('button', { name: 'Pay Now', exact: true }).click();
  await closed;
  await expectPaidOnce(page, request, account, 'PayPal', null);
  expect(captures).toHaveLength(2);
  expect(captures.map((capture) => capture.postDataJSON())).toEqual([
    { orderNo: expect.stringMatching(/^NB\d+$/), paypalOrderId },
    { orderNo: expect.stringMatching(/^NB\d+$/), paypalOrderId },
  ]);
});

test("PayPal: an order the API prices in euros loads PayPal's SDK in euros, as PayPal's buttons require, and is paid", async ({ page, request }) => {
  const account = settings.accounts.euroPaypal;
  await signIn(page, account);
  await openBilling(page, 'PayPal');
  const sdkLoads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().startsWith('https://www.paypal.com/sdk/js')) sdkLoads.push(sent.url());
  });
  const created = orderAnswer(page, '/client/trade/paypal/create');
  const { window } = await openPaypalWindow(page);
  expect((await created).currency).toBe('EUR');
  // PayPal's buttons refuse an order in another currency than the SDK's (onError); this one opens PayPal's window.
  expect(sdkLoads.map((url) => new URL(url).searchParams.get('currency'))).toEqual(['EUR']);
  await expect(window.getByText('50.00 EUR')).toBeVisible();
  // The page names the order's own price, never the catalogue's dollars, as what is paid.
  await expect(buyPanel(page).getByText('This order is priced in EUR, not USD: you pay €50.00, as the PayPal window shows.')).toBeVisible();
  await clickClosing(window, 'Pay Now');
  await expectPaidOnce(page, request, account, 'PayPal', null);
});

test("PayPal: without the prerender frame's own policy, enforced Trusted Types stop PayPal's render; the app says why", async ({ page, request }) => {
  // The page's capture listener for frame loads is what gives PayPal's prerender frame its policy: taken away here.
  await page.addInitScript(() => {
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
      const capture = options === true || (typeof options === 'object' && options !== null && (options as { capture?: boolean }).capture === true);
      if (this === document && type === 'load' && capture) return;
      return Reflect.apply(add, this, [type, listener, options]);
    };
  });
  const account = settings.accounts.untrustedPaypal;
  await signIn(page, account);
  await openBilling(page, 'PayPal');
  await payButton(page, 'PayPal').click();
  await expect(buyPanel(page).getByText("This document requires 'TrustedHTML' assignment", { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(buyPanel(page).getByRole('alert')).toContainText('The payment did not go through');
  const server = await serverView(request, account);
  expect(server.balance).toBe(account.credits);
});

test("PayPal: Cancel in PayPal's window cancels the payment; no capture, nothing charged", async ({ page, request }) => {
  const account = settings.accounts.cancelPaypal;
  await signIn(page, account);
  await openBilling(page, 'PayPal');
  const { window, captures } = await openPaypalWindow(page);
  await clickClosing(window, 'Cancel and return to the merchant');

  await expect(buyPanel(page).getByText('Payment cancelled. Nothing was charged.')).toBeVisible();
  expect(captures).toEqual([]);
  const server = await serverView(request, account);
  expect(server.balance).toBe(account.credits);
  expect(server.orders.filter((order) => order.status === 'paid')).toEqual([]);
});

test("PayPal: an error in PayPal's window reaches onError; the app says the payment did not go through", async ({ page, request }) => {
  const account = settings.accounts.errorPaypal;
  await signIn(page, account);
  await openBilling(page, 'PayPal');
  const { window, captures } = await openPaypalWindow(page);
  await clickClosing(window, 'Fail with an error');

  await expect(buyPanel(page).getByText('The payment did not go through: INTERNAL_SERVER_ERROR')).toBeVisible();
  expect(captures).toEqual([]);
  const server = await serverView(request, account);
  expect(server.balance).toBe(account.credits);
  expect(server.orders.filter((order) => order.status === 'paid')).toEqual([]);
});

test("WeChat Pay: the weixin:// code is shown as a QR code; WeChat's notification is seen by the app's polling", async ({ page, request }) => {
  const account = settings.accounts.payWechat;
  await signIn(page, account);
  await openBilling(page, 'WeChat Pay');
  const created = orderAnswer(page, '/client/trade/wx/create');
  await payButton(page, 'WeChat Pay').click();
  const { orderNo = '', codeUrl = '' } = await created;
  expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=[0-9a-f]+$/);
  const qrCode = buyPanel(page).getByRole('img', { name: 'WeChat Pay QR code' });
  await expect(qrCode).toBeVisible();
  // The code shown is the code URL the API handed out: the same modules as qrcode.react draws for it, with the app's props.
  const shown = await qrCode.locator('path').evaluateAll((paths) => paths.map((path) => path.getAttribute('d')));
  expect(shown).toEqual(qrModulesOf(codeUrl));
  // A weixin:// address is for the phone: the page offers no link to it.
  await expect(buyPanel(page).getByRole('link', { name: 'Open the demo scan page' })).toHaveCount(0);
  await expect(buyPanel(page).getByText('Scan with WeChat to pay $50.00.', { exact: false })).toBeVisible();
  // On a phone the code cannot be scanned from its own screen: the page offers WeChat's own link to the same code.
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await expect(buyPanel(page).getByRole('link', { name: 'Open in WeChat' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(buyPanel(page).getByRole('link', { name: 'Open in WeChat' })).toHaveAttribute('href', codeUrl);
  await expect(buyPanel(page).getByText(/WeChat cannot scan a code shown on its own screen/)).toBeVisible();
  await page.setViewportSize(desktop);

  // A payment for another code is not this order's, though it names the order.
  const otherCode = codeUrl.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
  expect((await notifyWechatPaid(API_URL, otherCode, orderNo, PACKAGE.price)).status).toBe(400);
  expect((await serverView(request, account)).orders).toEqual([expect.objectContaining({ orderNo, status: 'pending' })]);

  // The buyer pays on the phone; WeChat Pay notifies the API.
  const notified = await notifyWechatPaid(API_URL, codeUrl, orderNo, PACKAGE.price);
  expect(notified.status).toBe(200);
  await expectPaidOnce(page, request, account, 'WeChat Pay', 'wechat');
});

/** Starts a Creem payment and stops on Creem's page, the order pending: its number, as the API lists it. */
async function creemCheckoutOpen(page: Page, request: APIRequestContext, account: Account): Promise<{ orderNo: string }> {
  await payButton(page, 'Creem').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creem' })).toBeVisible();
  const pending = (await serverView(request, account)).orders.find((order) => order.status === 'pending');
  return { orderNo: pending?.orderNo ?? 'no pending order' };
}

test('a crafted link never says "Payment received": not with our parameters, not with Creem’s naming an old paid order', async ({
  page,
  request,
}) => {
  const account = settings.accounts.craftedCreem;
  await signIn(page, account);
  await openBilling(page, 'Creem');
  const { orderNo } = await creemCheckoutOpen(page, request, account);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyPanel(page).getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible();
  // Two days later, the same order is old news.
  expect((await request.post(`${API_URL}/__test/orders/${orderNo}/age`)).ok()).toBe(true);

  // Our own parameters name no order (no provider sends them), and the account has no recent Creem order.
  await openApp(page, `/dashboard/billing?payment=returned&provider=creem&orderNo=${orderNo}`);
  await expect(buyPanel(page).getByText('We found no recent Creem order of yours to pick up.', { exact: false })).toBeVisible();
  await expect(page.getByText('Payment received', { exact: false })).toHaveCount(0);
  await expect(buyPanel(page).getByText(/^Paid\./)).toHaveCount(0);

  // Creem's own return parameters naming it: the API says it was paid before this visit.
  await openApp(page, `/dashboard/billing?checkout_id=ch_0123456789abcdef&order_id=ord_1&product_id=prod_1&request_id=${orderNo}&signature=00`);
  await expect(
    buyPanel(page).getByText(`Order ${orderNo} was paid before this visit: its credits are already in your balance, and nothing new was paid now.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByText('Payment received', { exact: false })).toHaveCount(0);
  // The address no longer carries the return: a reload is no return.
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  const server = await serverView(request, account);
  expect(server.balance).toBe(account.credits + PACKAGE.credits);
});

test('a cancel link does not make the tab forget an order the API still holds open', async ({ page, request }) => {
  const account = settings.accounts.cancelLinkCreem;
  await signIn(page, account);
  await openBilling(page, 'Creem');
  const { orderNo } = await creemCheckoutOpen(page, request, account);

  // Back on a cancel address (typed, or a provider's), while Creem still has the checkout open.
  await openApp(page, `/dashboard/billing?payment=cancelled&provider=creem&orderNo=${orderNo}`);
  await expect(
    buyPanel(page).getByText(`You left Creem’s page without paying. Order ${orderNo} stays open at Creem`, { exact: false }),
  ).toBeVisible();
  await expect(buyPanel(page).getByText('Payment cancelled. Nothing was charged.')).toHaveCount(0);
  expect((await serverView(request, account)).orders).toEqual([expect.objectContaining({ orderNo, status: 'pending' })]);

  // The tab still holds the order: a reload picks it up and asks the API again.
  await page.reload();
  await expect(buyPanel(page).getByText('Confirming your payment with Creem…')).toBeVisible();
});

test('a return opened in another browser, with no memory of the payment, shows what the API says of the order', async ({
  page,
  browser,
  request,
}) => {
  const account = settings.accounts.elsewhereCreem;
  await signIn(page, account);
  await openBilling(page, 'Creem');
  await creemCheckoutOpen(page, request, account);
  // Paid on Creem's page; the buyer's first tab follows Creem's redirect only as far as the address.
  const returned = page.waitForRequest((sent) => sent.isNavigationRequest() && sent.url().includes('/dashboard/billing?'));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const back = new URL((await returned).url());

  // The same return address on another device: signed in there, with no session storage of this payment.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  try {
    await signIn(other, account);
    await openApp(other, `${back.pathname}${back.search}`);
    // The truth, in words that announce nothing: this browser was not waiting for the order (the first one was).
    const orderNo = back.searchParams.get('request_id') ?? 'no order';
    await expect(buyPanel(other).getByText(`Order ${orderNo} is paid: its credits are in your balance.`)).toBeVisible();
    await expect(other.getByText('Payment received', { exact: false })).toHaveCount(0);
    expect(await other.evaluate(() => sessionStorage.getItem('nanobanana.pendingOrder'))).toBeNull();
  } finally {
    await elsewhere.close();
  }
  expect((await serverView(request, account)).balance).toBe(account.credits + PACKAGE.credits);
});

test('a link naming a fresh paid order, in either shape, says it is paid and announces nothing: only the tab that waited for it is told', async ({
  page,
  request,
}) => {
  const account = settings.accounts.freshLinkCreem;
  await signIn(page, account);
  await openBilling(page, 'Creem');
  const { orderNo } = await creemCheckoutOpen(page, request, account);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  // This tab sent the buyer to Creem: its return is news, told once.
  await expect(buyPanel(page).getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible();

  // Minutes later (the order is not aged): links naming it, by our own parameters (the newest Creem order of the
  // last day) and by Creem's, find it paid; nothing here waits for it any more, so nothing is announced.
  const links = [
    '/dashboard/billing?payment=returned&provider=creem',
    `/dashboard/billing?checkout_id=ch_0123456789abcdef&order_id=ord_1&product_id=prod_1&request_id=${orderNo}&signature=00`,
  ];
  for (const link of links) {
    await openApp(page, link);
    await expect(buyPanel(page).getByText(`Order ${orderNo} is paid: its credits are in your balance.`, { exact: false })).toBeVisible();
    await expect(page.getByText('Payment received', { exact: false })).toHaveCount(0);
    await expect(buyPanel(page).getByText(/^Paid\./)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
  }
  const server = await serverView(request, account);
  expect(server.balance).toBe(account.credits + PACKAGE.credits);
  expect(server.orders).toEqual([expect.objectContaining({ orderNo, status: 'paid' })]);
});

test("a crafted Creem return naming this tab's pending WeChat order finds no Creem order and leaves the WeChat order pending here", async ({
  page,
  request,
}) => {
  const account = settings.accounts.craftedWechat;
  await signIn(page, account);
  await openBilling(page, 'WeChat Pay');
  const created = orderAnswer(page, '/client/trade/wx/create');
  await payButton(page, 'WeChat Pay').click();
  const { orderNo = '' } = await created;
  await expect(buyPanel(page).getByRole('img', { name: 'WeChat Pay QR code' })).toBeVisible();

  await openApp(page, `/dashboard/billing?checkout_id=ch_0123456789abcdef&request_id=${orderNo}`);
  await expect(buyPanel(page).getByText('We found no recent Creem order of yours to pick up.', { exact: false })).toBeVisible();
  // The tab still holds its WeChat order, and a reload picks it up and asks the API about it.
  expect(await page.evaluate(() => sessionStorage.getItem('nanobanana.pendingOrder'))).toContain(`"orderNo":"${orderNo}"`);
  await page.reload();
  await expect(buyPanel(page).getByText('Confirming your payment with WeChat Pay…')).toBeVisible();
  expect((await serverView(request, account)).orders).toEqual([expect.objectContaining({ orderNo, status: 'pending' })]);
});

/** The account's pending order, as the API lists it. */
async function pendingOrderNo(request: APIRequestContext, account: Account): Promise<string> {
  return (await serverView(request, account)).orders.find((order) => order.status === 'pending')?.orderNo ?? 'no pending order';
}

test('a crafted Freekassa return naming a watched NOWPayments order drops nothing from the watch: its settlement is still told', async ({
  page,
  request,
}) => {
  const account = settings.accounts.craftedWatch;
  await signIn(page, account);
  const invoiceId = await leaveCryptoPaymentWaiting(page);
  const orderNo = await pendingOrderNo(request, account);

  await openApp(page, `/dashboard/billing?MERCHANT_ORDER_ID=${orderNo}`);
  await expect(buyPanel(page).getByText('We found no recent Freekassa order of yours to pick up.', { exact: false })).toBeVisible();
  await buyPanel(page).getByRole('button', { name: 'Close' }).click();
  // Still watched: the blockchain confirms it, and the watch tells it on this page.
  await confirmNowpayments(API_URL, invoiceId);
  await expect(page.getByText('Payment received: 5,250 credits are in your balance.')).toBeVisible({ timeout: WATCH_HEARS_WITHIN });
  expect((await serverView(request, account)).balance).toBe(account.credits + PACKAGE.credits);
});

test('NOWPayments: a crypto payment made more than a day before it settles is news when it settles, not "settled before this visit"', async ({
  page,
  request,
}) => {
  const account = settings.accounts.oldCryptoNowpayments;
  await signIn(page, account);
  const invoiceId = await leaveCryptoPaymentWaiting(page);
  const orderNo = await pendingOrderNo(request, account);
  // The blockchain took its time: the order was made two days ago when it settles.
  expect((await request.post(`${API_URL}/__test/orders/${orderNo}/age`)).ok()).toBe(true);
  await confirmNowpayments(API_URL, invoiceId);

  await openApp(page, '/dashboard/billing');
  await expect(buyPanel(page).getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible();
  await expect(page.getByText('Payment received: 5,250 credits are in your balance.')).toHaveCount(1);
  await expect(page.getByText('before this visit', { exact: false })).toHaveCount(0);
  expect((await serverView(request, account)).balance).toBe(account.credits + PACKAGE.credits);
});

test('NOWPayments: an invoice left unpaid is waited on in words that say "if", and "I did not pay" ends it for good', async ({ page, request }) => {
  const account = settings.accounts.unpaidNowpayments;
  await signIn(page, account);
  await openBilling(page, 'NOWPayments');
  await payButton(page, 'NOWPayments').click();
  await expect(page.getByRole('heading', { level: 1, name: 'NOWPayments' })).toBeVisible();
  // The buyer leaves the invoice without paying and opens Billing again in the same tab: the order is pending.
  await openApp(page, '/dashboard/billing');
  await expect(buyPanel(page).getByText(WAITING_FOR_CONFIRMATIONS, { exact: false })).toBeVisible();
  await buyPanel(page).getByRole('button', { name: 'I did not pay' }).click();
  await expect(payButton(page, 'NOWPayments')).toBeVisible();

  // Not watched, not remembered: Billing opens on the packages again (the first method of the list), and the API still
  // holds the order.
  await reloadApp(page);
  await expect(
    buyPanel(page)
      .getByRole('button', { name: /^Pay \$[\d,.]+ with / })
      .first(),
  ).toBeVisible();
  await expect(buyPanel(page).getByText(WAITING_FOR_CONFIRMATIONS, { exact: false })).toHaveCount(0);
  expect((await page.evaluate(() => localStorage.getItem('nanobanana.settlingOrders'))) ?? '').not.toContain('NB');
  expect((await serverView(request, account)).orders).toEqual([expect.objectContaining({ status: 'pending' })]);
});

test('NOWPayments: a crypto payment waiting for confirmations may be left; the buyer is told once when it settles', async ({ page, request }) => {
  const account = settings.accounts.slowNowpayments;
  await signIn(page, account);
  await openBilling(page, 'NOWPayments');
  const leaving = page.waitForRequest((sent) => sent.isNavigationRequest() && sent.url().startsWith('https://nowpayments.io/'));
  await payButton(page, 'NOWPayments').click();
  const invoiceId = new URL((await leaving).url()).searchParams.get('iid') ?? '';
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Seen on the blockchain, not confirmed: the page says what it waits for, and lets the buyer go.
  await expect(buyPanel(page).getByText(WAITING_FOR_CONFIRMATIONS, { exact: false })).toBeVisible();
  await expect(buyPanel(page).getByText('You can leave this page', { exact: false })).toBeVisible();
  await buyPanel(page).getByRole('button', { name: 'Continue without waiting' }).click();
  await expect(payButton(page, 'NOWPayments')).toBeVisible();
  await openApp(page, '/dashboard');

  // Hours later the blockchain confirms it; the buyer opens Billing again and is told, once.
  await confirmNowpayments(API_URL, invoiceId);
  await openApp(page, '/dashboard/billing');
  await expect(buyPanel(page).getByText('Paid. 5,250 credits were added to your balance.')).toBeVisible();
  // Told once, by the billing page or by the settlement watch, whichever hears of it first.
  await expect(page.getByText('Payment received: 5,250 credits are in your balance.')).toHaveCount(1);
  expect((await serverView(request, account)).balance).toBe(account.credits + PACKAGE.credits);
  await page.reload();
  await expect(
    buyPanel(page)
      .getByRole('button', { name: /^Pay \$[\d,.]+ with / })
      .first(),
  ).toBeVisible();
  await expect(buyPanel(page).getByText(/^Paid\./)).toHaveCount(0);
});

/** Pays with NOWPayments up to the blockchain's confirmations and leaves the payment waiting; its invoice id. */
async function leaveCryptoPaymentWaiting(page: Page): Promise<string> {
  await openBilling(page, 'NOWPayments');
  const leaving = page.waitForRequest((sent) => sent.isNavigationRequest() && sent.url().startsWith('https://nowpayments.io/'));
  await payButton(page, 'NOWPayments').click();
  const invoiceId = new URL((await leaving).url()).searchParams.get('iid') ?? '';
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyPanel(page).getByText(WAITING_FOR_CONFIRMATIONS, { exact: false })).toBeVisible();
  await buyPanel(page).getByRole('button', { name: 'Continue without waiting' }).click();
  await expect(payButton(page, 'NOWPayments')).toBeVisible();
  return invoiceId;
}

/** Reloads the page and waits until the app has taken over again (as openApp does after its navigation). */
async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole('banner').first()).toBeVisible();
  if ((await page.locator('html').getAttribute('data-start')) === 'idle') await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready');
}

/** The header's balance, as the buyer reads it. */
function headerBalance(page: Page, credits: number) {
  return page
    .getByRole('banner')
    .getByTitle('Credit balance')
    .filter({ hasText: `${credits.toLocaleString('en-US')} credits` });
}

/**
 * The settlement watch checks the waiting orders on the settlement policy (the first check 15 s after it starts, the
 * next 22.5 s later): a confirmation is heard within that, never at once.
 */
const WATCH_HEARS_WITHIN = 45_000;

test('NOWPayments: a payment left waiting is told on the playground when it settles, and after a reload there, without opening Billing', async ({
  page,
  request,
}) => {
  const account = settings.accounts.watchNowpayments;
  await signIn(page, account);

  // The buyer leaves the payment waiting and goes on to the playground in the same visit.
  const first = await leaveCryptoPaymentWaiting(page);
  await page.getByRole('banner').getByRole('link', { name: 'Playground' }).click();
  await expect(page).toHaveURL(/\/playground\//);
  // Hours later the blockchain confirms it: the playground says so, and the header's balance has the credits.
  await confirmNowpayments(API_URL, first);
  await expect(page.getByText('Payment received: 5,250 credits are in your balance.')).toBeVisible({ timeout: WATCH_HEARS_WITHIN });
  await expect(headerBalance(page, account.credits + PACKAGE.credits)).toBeVisible();
  await expect(page).toHaveURL(/\/playground\//);
  expect((await serverView(request, account)).balance).toBe(account.credits + PACKAGE.credits);

  // Another one left waiting; the buyer goes to the playground and comes back later (a reload there): the watch starts
  // again by itself, from what this browser keeps.
  const second = await leaveCryptoPaymentWaiting(page);
  await page.getByRole('banner').getByRole('link', { name: 'Playground' }).click();
  await expect(page).toHaveURL(/\/playground\//);
  await reloadApp(page);
  await expect(page.getByRole('banner').getByRole('button', { name: `Account menu for ${account.email}` })).toBeVisible();
  await confirmNowpayments(API_URL, second);
  await expect(page.getByText('Payment received: 5,250 credits are in your balance.')).toBeVisible({ timeout: WATCH_HEARS_WITHIN });
  await expect(headerBalance(page, account.credits + 2 * PACKAGE.credits)).toBeVisible();
  await expect(page).toHaveURL(/\/playground\//);

  // Told once: a reload, and Billing opened afterwards, tell neither payment again.
  await openApp(page, '/dashboard/billing');
  await expect(
    buyPanel(page)
      .getByRole('button', { name: /^Pay \$[\d,.]+ with / })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/^Payment received/)).toHaveCount(0);
  await expect(buyPanel(page).getByText(/^Paid\./)).toHaveCount(0);
});

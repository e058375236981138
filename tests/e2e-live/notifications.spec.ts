import { expect, test, type APIRequestContext } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import { readProviderCheckout, type ProviderCheckout, type ProviderCheckoutRecord } from './server/merchant';
import { paidNotification, type ProviderNotification } from './standins/checkouts';

/**
 * The API's side of the providers' notifications, with no browser: for a real pending order created through the API,
 * a notification the provider did not sign, one for another amount, and one for a checkout the provider never had
 * are each refused, and the order stays pending; the provider's genuine notification then pays it. A genuine
 * notification for an order that has since expired is refused too.
 */

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
const account = settings.accounts.notifyRefusals;

type Provider = 'creem' | 'nowpayments' | 'freekassa';
type LogEntry = { provider: string; orderNo: string | null; accepted: boolean; reason: string };

/** Each provider's order-creating call, the field of its answer that links to the checkout, and the checkout's id in that link. */
const PROVIDERS: Record<Provider, { create: string; link: 'checkoutUrl' | 'invoiceUrl' | 'payUrl'; idOf: (link: URL) => string | null }> = {
  creem: { create: '/client/trade/creem/create-checkout-session', link: 'checkoutUrl', idOf: (link) => link.pathname.split('/').at(-1) ?? null },
  nowpayments: { create: '/client/trade/nowpayments/createInvoice', link: 'invoiceUrl', idOf: (link) => link.searchParams.get('iid') },
  freekassa: { create: '/client/trade/freekassa/create', link: 'payUrl', idOf: (link) => link.searchParams.get('o') },
};

/** The account's session token (for the order calls) and its API key (for the balance). */
async function signIn(request: APIRequestContext): Promise<{ token: string; apiKey: string }> {
  const login = await request.post(`${API_URL}/client/v1/user/login`, { data: { email: account.email, password: account.password } });
  const { data } = (await login.json()) as { data: { token: string; userInfo: { apiKey: string } } };
  return { token: data.token, apiKey: data.userInfo.apiKey };
}

/** A new order for the $50 package, as the checkout the provider keeps for it. */
async function createCheckout(request: APIRequestContext, token: string, provider: Provider): Promise<ProviderCheckoutRecord> {
  const { create, link, idOf } = PROVIDERS[provider];
  const answer = await request.post(`${API_URL}${create}`, { headers: { authorization: token }, data: { packageId: 'builder' } });
  expect(answer.status()).toBe(200);
  const data = ((await answer.json()) as { data: Record<string, string> }).data;
  const id = idOf(new URL(data[link] ?? 'about:blank'));
  const checkout = await readProviderCheckout(API_URL, id ?? '');
  expect(checkout, `${provider}'s checkout for ${data.orderNo}`).toMatchObject({ provider, orderNo: data.orderNo, status: 'pending' });
  return checkout as ProviderCheckoutRecord;
}

function notificationFor(checkout: ProviderCheckout): ProviderNotification {
  const notification = paidNotification(checkout);
  if (!notification) throw new Error(`${checkout.provider} sends no notification`);
  return notification;
}

/** The same notification with its signature changed by one character (Freekassa signs in a form field, the others in a header). */
function withBadSignature(notification: ProviderNotification, provider: Provider): ProviderNotification {
  const spoil = (signature: string) => (signature.startsWith('0') ? '1' : '0') + signature.slice(1);
  if (provider === 'freekassa') {
    const form = new URLSearchParams(notification.body);
    form.set('SIGN', spoil(form.get('SIGN') ?? ''));
    return { ...notification, body: form.toString() };
  }
  const header = provider === 'creem' ? 'creem-signature' : 'x-nowpayments-sig';
  return { ...notification, headers: { ...notification.headers, [header]: spoil(notification.headers[header] ?? '') } };
}

async function post(request: APIRequestContext, notification: ProviderNotification): Promise<number> {
  const answer = await request.post(`${API_URL}${notification.path}`, { headers: notification.headers, data: notification.body });
  return answer.status();
}

async function notificationLog(request: APIRequestContext): Promise<LogEntry[]> {
  return (await (await request.get(`${API_URL}/__test/providers/notifications`)).json()) as LogEntry[];
}

async function statusOf(request: APIRequestContext, checkout: ProviderCheckout): Promise<string | undefined> {
  return (await readProviderCheckout(API_URL, checkout.id))?.status;
}

/** The balance the task API reports for the account. */
async function balance(request: APIRequestContext, apiKey: string): Promise<number> {
  const credit = await request.get(`${API_URL}/api/v1/common/credit`, { headers: { authorization: `Bearer ${apiKey}` } });
  return ((await credit.json()) as { data: number }).data;
}

// One account for all three: the providers run one after another so each balance check sees only its own order.
test.describe.configure({ mode: 'serial' });

for (const provider of Object.keys(PROVIDERS) as Provider[]) {
  test(`${provider}: a notification with a bad signature, a changed amount or an unknown checkout is refused; the order stays pending`, async ({
    request,
  }) => {
    const { token, apiKey } = await signIn(request);
    const checkout = await createCheckout(request, token, provider);
    const before = await balance(request, apiKey);
    const logged = (await notificationLog(request)).length;

    const unknown: ProviderCheckout =
      provider === 'freekassa'
        ? { ...checkout, orderNo: `${checkout.orderNo}9` }
        : { ...checkout, id: `${checkout.id.slice(0, -1)}${checkout.id.endsWith('0') ? '1' : '0'}` };
    const forged = [
      { fault: 'bad signature', notification: withBadSignature(notificationFor(checkout), provider) },
      { fault: 'changed amount', notification: notificationFor({ ...checkout, amount: checkout.amount + 1 }) },
      { fault: 'unknown checkout', notification: notificationFor(unknown) },
    ];
    for (const { fault, notification } of forged) {
      const status = await post(request, notification);
      expect(status, fault).toBeGreaterThanOrEqual(400);
      expect(status, fault).toBeLessThan(500);
      expect(await statusOf(request, checkout), fault).toBe('pending');
    }
    const refusals = (await notificationLog(request)).slice(logged).filter((entry) => entry.provider === provider);
    expect(refusals).toEqual([
      expect.objectContaining({ accepted: false, reason: provider === 'freekassa' ? 'wrong sign' : 'bad signature' }),
      expect.objectContaining({ orderNo: checkout.orderNo, accepted: false, reason: 'amount differs' }),
      expect.objectContaining({ accepted: false, reason: expect.stringMatching(/^unknown /) }),
    ]);
    expect(await balance(request, apiKey)).toBe(before);

    // The provider's own notification for the same checkout is accepted: the refusals were for the faults alone.
    expect(await post(request, notificationFor(checkout))).toBe(200);
    expect(await statusOf(request, checkout)).toBe('paid');
    expect((await notificationLog(request)).filter((entry) => entry.orderNo === checkout.orderNo && entry.accepted)).toEqual([
      expect.objectContaining({ provider, reason: 'paid' }),
    ]);
    expect(await balance(request, apiKey)).toBe(before + 5_250);
  });

  test(`${provider}: a genuine notification for an order that has expired is refused and pays nothing`, async ({ request }) => {
    const { token, apiKey } = await signIn(request);
    const checkout = await createCheckout(request, token, provider);
    const before = await balance(request, apiKey);
    const expired = await request.post(`${API_URL}/__test/orders/${encodeURIComponent(checkout.orderNo)}/expire`);
    expect(await expired.json()).toMatchObject({ status: 'expired' });

    expect(await post(request, notificationFor(checkout))).toBe(409);
    expect(await statusOf(request, checkout)).toBe('expired');
    expect((await notificationLog(request)).filter((entry) => entry.orderNo === checkout.orderNo)).toEqual([
      { provider, orderNo: checkout.orderNo, accepted: false, reason: 'order expired' },
    ]);
    expect(await balance(request, apiKey)).toBe(before);
  });
}

/**
 * Demo handlers for buying credits: one order-creating call per provider (answering a link to the demo
 * checkout page, a PayPal order id or a WeChat QR link), PayPal's capture and status calls, saved PayPal
 * accounts, and the ZIP code lookup.
 */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import { SUCCESS_CODE, type CreateOrderRequest, type EndpointName, type PaymentProvider, type ResponseInputOf } from '../../api/contract';
import type { OrderNoRequest, PaypalCaptureRequest, PaypalCreateRequest, ZipcodeQuery } from '../../api/requests';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../../api/orderRequests';
import { CURRENCY, findPackage, priceAfterDiscount, totalCredits } from '../../domain/creditPackages';
import { DEMO_CHECKOUT_PATH, paymentReturnUrls } from '../../domain/paymentProviders';
import { randomHex } from '../crypto';
import {
  accountForToken,
  createOrder,
  findIdempotentCall,
  findOwnOrder,
  refreshOrderStatus,
  rememberIdempotentCall,
  settleOrder,
  type Account,
  type DbData,
  type NewOrder,
  type OrderRow,
} from '../db';
import type { DemoEnvironment } from '../environment';
import { BAD_REQUEST_CODE, fail, ok, route, type Answer, type Reply } from './route';
import { discountFor } from './settings';
import { sessionExpired } from './user';
import { stateForZip } from './zipStates';

/** How long a WeChat QR code can be paid. */
export const WECHAT_QR_TTL_MS = 5 * 60 * 1000;
/** Where the "unknown host" demo control points the next redirect checkout link. */
export const UNKNOWN_CHECKOUT_ORIGIN = 'https://checkout.unknown-host.example';

type RedirectProvider = 'freekassa' | 'digiseller' | 'creem' | 'nowpayments';
/** The same idempotency key sent with a different request (HTTP's 422, as payment APIs answer it). */
const IDEMPOTENCY_KEY_REUSED_CODE = 422;

// ---------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------

const Required = (message: () => string) => v.pipe(v.string(), v.trim(), v.minLength(1, message));
const OrderNo = Required(() => t`Enter the order number.`);
const OrderEntries = {
  packageId: Required(() => t`Choose a credit package.`),
  returnUrl: v.optional(v.string()),
  cancelUrl: v.optional(v.string()),
  idempotencyKey: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1, () => t`The idempotency key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`),
      v.maxLength(MAX_IDEMPOTENCY_KEY_LENGTH, () => t`The idempotency key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`),
    ),
  ),
};
const CreateOrderInput: v.GenericSchema<unknown, CreateOrderRequest> = v.object(OrderEntries);
const PaypalCreateInput: v.GenericSchema<unknown, PaypalCreateRequest> = v.object({ ...OrderEntries, vaultId: v.optional(v.string()) });
const CaptureInput: v.GenericSchema<unknown, PaypalCaptureRequest> = v.object({
  orderNo: OrderNo,
  paypalOrderId: Required(() => t`Enter the PayPal order id.`),
});
const OrderNoInput: v.GenericSchema<unknown, OrderNoRequest> = v.object({ orderNo: OrderNo });
const ZipInput: v.GenericSchema<unknown, ZipcodeQuery> = v.object({
  countryCode: v.pipe(v.string(), v.trim(), v.toUpperCase()),
  zipcode: v.pipe(v.string(), v.trim()),
});

// ---------------------------------------------------------------------------------------------------
// Pricing and links
// ---------------------------------------------------------------------------------------------------

/** The page's own origin: the demo checkout pages are served by this very site. */
export function siteOrigin(request: Request): string {
  return typeof location === 'undefined' ? new URL(request.url).origin : location.origin;
}

/** A demo checkout page's address; `origin` is the site's own, or the unknown host the demo control arms. */
function demoCheckoutUrl(origin: string, page: PaymentProvider, params: Record<string, string>): string {
  return `${origin}${DEMO_CHECKOUT_PATH}${page}?${new URLSearchParams(params).toString()}`;
}

function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

interface PricedOrder {
  order: NewOrder;
  returnUrl: string;
  cancelUrl: string;
}

/** Prices the package for the account and checks the return addresses: the order to create, or the refusal. */
function priceOrder(account: Account, provider: PaymentProvider, input: CreateOrderRequest, origin: string): PricedOrder | Reply<null> {
  const creditPackage = findPackage(input.packageId);
  if (!creditPackage) return fail(BAD_REQUEST_CODE, t`There is no credit package "${input.packageId}".`);
  const defaults = paymentReturnUrls(origin, provider);
  const returnUrl = input.returnUrl?.trim() || defaults.returnUrl;
  const cancelUrl = input.cancelUrl?.trim() || defaults.cancelUrl;
  // A provider sends the buyer to these addresses: anywhere else would make the site an open redirect.
  if (!isSameOrigin(returnUrl, origin)) return fail(BAD_REQUEST_CODE, t`The return address must be a page of this site.`);
  if (!isSameOrigin(cancelUrl, origin)) return fail(BAD_REQUEST_CODE, t`The cancel address must be a page of this site.`);
  const order: NewOrder = {
    provider,
    packageId: creditPackage.id,
    amount: priceAfterDiscount(creditPackage, discountFor(account)),
    currency: CURRENCY,
    credits: totalCredits(creditPackage),
  };
  return { order, returnUrl, cancelUrl };
}

function isRefusal(value: PricedOrder | Reply<null>): value is Reply<null> {
  return 'code' in value;
}

/** The saved PayPal account the demo offers once the account has paid with PayPal. */
function paypalVaultsOf(data: DbData, account: Account): { id: string; type: string; label: string }[] {
  const paidWithPaypal = data.orders.some((order) => order.accountId === account.id && order.provider === 'paypal' && order.status === 'paid');
  return paidWithPaypal ? [{ id: `PV-${account.id.slice(0, 12).toUpperCase()}`, type: 'paypal', label: `PayPal · ${account.email}` }] : [];
}

function noSuchOrder(orderNo: string): Reply<null> {
  return fail(BAD_REQUEST_CODE, t`Order ${orderNo} was not found.`);
}

// ---------------------------------------------------------------------------------------------------
// Idempotency
// ---------------------------------------------------------------------------------------------------

type OrderCreatingCall = 'freekassaCreate' | 'digisellerCreate' | 'creemCheckout' | 'nowpaymentsInvoice' | 'wechatCreate' | 'paypalCreate';

/** The request without its key, fields in a fixed order: the same purchase sent again reads the same. */
function requestFingerprint(input: CreateOrderRequest | PaypalCreateRequest): string {
  const { idempotencyKey: _key, ...fields } = input;
  const present = Object.entries(fields).filter(([, value]) => value !== undefined);
  return JSON.stringify(Object.fromEntries(present.sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * Creates an order at most once per idempotency key: a repeat with the same key and the same request answers what
 * the first call answered (the same order: no second row, nothing charged twice); the same key with another request
 * or on another call is refused. Only an order made is remembered: a refusal created nothing, so its key may try
 * again. Without a key, every call creates an order.
 */
function createOnce<N extends OrderCreatingCall & EndpointName>(
  env: DemoEnvironment,
  name: N,
  account: Account,
  input: CreateOrderRequest | PaypalCreateRequest,
  create: () => Reply<ResponseInputOf<N>> | Reply<null>,
): Reply<ResponseInputOf<N>> | Reply<null> {
  const key = input.idempotencyKey;
  if (key === undefined) return create();
  const request = requestFingerprint(input);
  const earlier = findIdempotentCall(env.db.read(), account, key);
  if (earlier) {
    if (earlier.endpoint !== name || earlier.request !== request) {
      return fail(
        IDEMPOTENCY_KEY_REUSED_CODE,
        t`This idempotency key was already used for a different order request. Send a new key for a new purchase.`,
      );
    }
    return ok(earlier.answer as ResponseInputOf<N>);
  }
  const answer = create();
  if (answer.code === SUCCESS_CODE) {
    rememberIdempotentCall(env.db.read(), account, { key, endpoint: name, request, answer: answer.data });
    env.db.save();
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------------

/** The four redirect providers differ only in the call's name and the field that carries the link. */
function redirectOrderHandler<N extends 'freekassaCreate' | 'digisellerCreate' | 'creemCheckout' | 'nowpaymentsInvoice'>(
  env: DemoEnvironment,
  name: N,
  provider: RedirectProvider,
  answer: (orderNo: string, url: string) => Answer<N>,
): HttpHandler {
  return route(env, name, CreateOrderInput, ({ input, token, request }) => {
    const data = env.db.read();
    const account = accountForToken(data, token);
    if (!account) return sessionExpired();
    return createOnce(env, name, account, input, () => {
      const origin = siteOrigin(request);
      const priced = priceOrder(account, provider, input, origin);
      if (isRefusal(priced)) return priced;
      const order = createOrder(data, account, priced.order);
      env.db.save();
      // QA's "unknown host" control: the app must refuse to send the buyer to this link.
      const linkOrigin = env.controls.consumeUnknownCheckoutHost() ? UNKNOWN_CHECKOUT_ORIGIN : origin;
      const url = demoCheckoutUrl(linkOrigin, provider, { orderNo: order.orderNo, returnUrl: priced.returnUrl, cancelUrl: priced.cancelUrl });
      return answer(order.orderNo, url);
    });
  });
}

export function paymentHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    redirectOrderHandler(env, 'freekassaCreate', 'freekassa', (orderNo, payUrl) => ok({ orderNo, payUrl })),
    redirectOrderHandler(env, 'digisellerCreate', 'digiseller', (orderNo, payUrl) => ok({ orderNo, payUrl })),
    redirectOrderHandler(env, 'creemCheckout', 'creem', (orderNo, checkoutUrl) => ok({ orderNo, checkoutUrl })),
    redirectOrderHandler(env, 'nowpaymentsInvoice', 'nowpayments', (orderNo, invoiceUrl) => ok({ orderNo, invoiceUrl })),

    route(env, 'wechatCreate', CreateOrderInput, ({ input, token, request }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      return createOnce(env, 'wechatCreate', account, input, () => {
        const origin = siteOrigin(request);
        const priced = priceOrder(account, 'wechat', input, origin);
        if (isRefusal(priced)) return priced;
        const expireTime = new Date(Date.now() + WECHAT_QR_TTL_MS).toISOString();
        const order = createOrder(data, account, { ...priced.order, expireTime });
        env.db.save();
        return ok({ orderNo: order.orderNo, codeUrl: demoCheckoutUrl(origin, 'wechat', { orderNo: order.orderNo }), expireTime });
      });
    }),

    route(env, 'paypalCreate', PaypalCreateInput, ({ input, token, request }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      return createOnce(env, 'paypalCreate', account, input, () => {
        const priced = priceOrder(account, 'paypal', input, siteOrigin(request));
        if (isRefusal(priced)) return priced;
        const vaultId = input.vaultId?.trim();
        if (vaultId && !paypalVaultsOf(data, account).some((vault) => vault.id === vaultId)) {
          return fail(BAD_REQUEST_CODE, t`This saved PayPal account is not available. Choose another payment method.`);
        }
        // A saved PayPal account pays without a new approval in the popup.
        const order = createOrder(data, account, {
          ...priced.order,
          paypalOrderId: `PP-${randomHex(16).toUpperCase()}`,
          approved: vaultId ? true : undefined,
        });
        env.db.save();
        return ok({ orderNo: order.orderNo, paypalOrderId: order.paypalOrderId ?? '', currency: order.currency, amount: order.amount });
      });
    }),

    route(env, 'paypalCapture', CaptureInput, ({ input, token }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      const order = findOwnOrder(data, account, input.orderNo);
      if (!order) return noSuchOrder(input.orderNo);
      if (order.provider !== 'paypal' || order.paypalOrderId !== input.paypalOrderId) {
        return fail(BAD_REQUEST_CODE, t`The PayPal order ${input.paypalOrderId} does not belong to order ${input.orderNo}.`);
      }
      if (order.approved && refreshOrderStatus(order) === 'pending') settleOrder(data, order, 'paid');
      env.db.save();
      return ok({ orderNo: order.orderNo, status: order.status });
    }),

    route(env, 'paypalCheckOrderStatus', OrderNoInput, ({ input, token }) => statusOf(env, token, input.orderNo)),

    route(env, 'paypalUserIdToken', v.unknown(), ({ token }) => {
      const account = accountForToken(env.db.read(), token);
      return account ? ok({ idToken: `demo-id-token-${randomHex(32)}` }) : sessionExpired();
    }),

    route(env, 'paypalVaults', v.unknown(), ({ token }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      return account ? ok(paypalVaultsOf(data, account)) : sessionExpired();
    }),

    route(env, 'zipcodeInfo', ZipInput, ({ input, token }) => {
      const account = accountForToken(env.db.read(), token);
      if (!account) return sessionExpired();
      if (input.countryCode !== 'US') return fail(BAD_REQUEST_CODE, t`The ZIP code lookup works only for the United States.`);
      if (!/^\d{5}(-\d{4})?$/.test(input.zipcode)) return fail(BAD_REQUEST_CODE, t`Enter a 5-digit ZIP code.`);
      const state = stateForZip(input.zipcode);
      return state ? ok({ state }) : fail(BAD_REQUEST_CODE, t`No US state uses the ZIP code ${input.zipcode}.`);
    }),
  ];
}

function statusOf(env: DemoEnvironment, token: string | null, orderNo: string): Reply<{ orderNo: string; status: OrderRow['status'] }> | Reply<null> {
  const data = env.db.read();
  const account = accountForToken(data, token);
  if (!account) return sessionExpired();
  const order = findOwnOrder(data, account, orderNo);
  if (!order) return noSuchOrder(orderNo);
  refreshOrderStatus(order);
  env.db.save();
  return ok({ orderNo: order.orderNo, status: order.status });
}

import { assign, fromCallback, fromPromise, type AnyEventObject, type StateValue, type StateValueFrom } from 'xstate';
import { t } from '@lingui/core/macro';
import { notify } from '../services/notifier';
import {
  lookupCheckOutcome,
  orderCheckOutcome,
  qrWaitEnds,
  RETURN_WINDOW_MS,
  type CheckOrderInput,
  type CreateOrderInput,
  type FindOrderAnswer,
  type FindOrderInput,
  type LookupAnswer,
  type PaymentContext,
} from '../../machines/payment.shared';
import { pollingCheck } from '../../machines/polling.machine';
import type { ForgetPendingOrder, OrderCurrency, PaypalCheckoutInput, PaypalRestart } from '../../machines/payment.machine';
import { paypalPaymentMachine } from '../../machines/paypalPayment.machine';
import {
  creemPaymentMachine,
  digisellerPaymentMachine,
  freekassaPaymentMachine,
  nowpaymentsPaymentMachine,
} from '../../machines/redirectPayment.machine';
import { wechatPaymentMachine } from '../../machines/wechatPayment.machine';
import type { PaymentUserEvent } from '../../machines/payment.shared';
import type { ApiResult } from '../api/client';
import type { CreateOrderRequest, PaymentProvider } from '../api/contract';
import { payOrderList } from '../api/orders';
import {
  creemCheckout,
  digisellerCreate,
  freekassaCreate,
  nowpaymentsInvoice,
  paypalCapture,
  paypalCheckOrderStatus,
  paypalCreate,
  wechatCreate,
} from '../api/trade';
import { config } from '../config';
import { clearPendingOrder, isPendingHere, savePendingOrder } from '../services/pendingOrder';
import { claimSettledOrder, dropSettlingOrder, isWatchedOrder, watchSettlingOrder } from '../services/settlingOrders';
import { saveLastPackage } from '../services/lastPackage';
import { isAllowedCheckoutUrl, paymentReturnUrls, PROVIDER_NAMES } from '../domain/paymentProviders';
import { CURRENCY } from '../domain/creditPackages';
import { parseServerTime } from '../domain/serverTime';
import type { PaypalCheckout } from '../services/paypal';
import { followAccount } from '../services/accountChange';
import type { UserActor } from './app';
import { orderStatusFromList } from './orderStatus';
import { createPollerLogic } from './polling';
import { paidNews } from './settlementNews';
import { userSelectors } from './user';

type RedirectProvider = 'creem' | 'nowpayments' | 'freekassa' | 'digiseller';

/**
 * Orders a newest-order look-up reads: the first page the API lists (docs/api.md, "Payments"). Which of them is the
 * newest is read from their times here, not from the API's order.
 */
const NEWEST_ORDERS = 20;

/** A successful answer with its data reshaped; anything else passes through unchanged. */
function mapData<T, U>(result: ApiResult<T>, reshape: (data: T) => U): ApiResult<U> {
  return result.code === 200 ? { ...result, data: reshape(result.data) } : result;
}

/** The create call's body: the package, the return addresses and the purchase's idempotency key. */
function orderRequest(
  provider: PaymentProvider,
  { packageId, idempotencyKey }: Pick<CreateOrderInput, 'packageId' | 'idempotencyKey'>,
): CreateOrderRequest {
  return { packageId, ...paymentReturnUrls(location.origin, provider), ...(idempotencyKey === null ? {} : { idempotencyKey }) };
}

/** A random key for one purchase (any browser that runs this app has getRandomValues; randomUUID needs https). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Each redirect provider's create call, its URL field read as the checkout URL. */
const CREATE_REDIRECT_ORDER: Record<RedirectProvider, (input: CreateOrderInput) => Promise<ApiResult<{ orderNo: string; checkoutUrl: string }>>> = {
  creem: async (input) =>
    mapData(await creemCheckout(orderRequest('creem', input)), (data) => ({ orderNo: data.orderNo, checkoutUrl: data.checkoutUrl })),
  nowpayments: async (input) =>
    mapData(await nowpaymentsInvoice(orderRequest('nowpayments', input)), (data) => ({ orderNo: data.orderNo, checkoutUrl: data.invoiceUrl })),
  freekassa: async (input) =>
    mapData(await freekassaCreate(orderRequest('freekassa', input)), (data) => ({ orderNo: data.orderNo, checkoutUrl: data.payUrl })),
  digiseller: async (input) =>
    mapData(await digisellerCreate(orderRequest('digiseller', input)), (data) => ({ orderNo: data.orderNo, checkoutUrl: data.payUrl })),
};

const REDIRECT_MACHINES = {
  creem: creemPaymentMachine,
  nowpayments: nowpaymentsPaymentMachine,
  freekassa: freekassaPaymentMachine,
  digiseller: digisellerPaymentMachine,
} as const;

/**
 * How long ago an order was made, read as the contract's times are (parseServerTime): its age in ms, or null when its
 * time cannot be read (then it is neither known to be old nor news).
 */
function orderAge(createTime: string, now: number): number | null {
  const made = parseServerTime(createTime);
  return Number.isNaN(made) ? null : now - made;
}

/**
 * The order a resumed payment is about, from the order list: the one named (if it is this provider's: a link naming
 * another provider's order finds nothing), or, where the return names none, the account's newest order with this
 * provider made within RETURN_WINDOW_MS, newest by its time (an order whose time cannot be read is not taken for
 * news). Whether this tab or browser was waiting for it (awaitedHere) is read here too: only then is its payment news.
 * The API has no look-up by the provider's own reference (Digiseller's uniquecode): docs/api.md says what it should
 * add. A refused answer rejects: nothing is decided on it.
 */
export async function findOrderFromList(
  provider: PaymentProvider,
  { orderNo }: FindOrderInput,
  accountId: string | null,
  now = Date.now(),
): Promise<FindOrderAnswer> {
  const result = await payOrderList(orderNo === null ? { pageNum: 1, pageSize: NEWEST_ORDERS } : { pageNum: 1, pageSize: 1, orderNo });
  if (result.code !== 200) throw new Error(result.msg || t`The order list could not be read.`);
  const aged = result.data.records
    .filter((record) => record.provider === provider && (orderNo === null || record.orderNo === orderNo))
    .map((record) => ({ record, age: orderAge(record.createTime, now) }));
  const found =
    orderNo === null
      ? aged
          .filter((one): one is { record: (typeof aged)[number]['record']; age: number } => one.age !== null && one.age < RETURN_WINDOW_MS)
          .sort((a, b) => a.age - b.age)[0]
      : aged[0];
  if (!found) return null;
  const { record, age } = found;
  const ref = { provider, orderNo: record.orderNo };
  const awaitedHere = accountId !== null && (isPendingHere({ ...ref, accountId }) || isWatchedOrder(accountId, ref));
  return { orderNo: record.orderNo, packageId: record.packageId, status: record.status, stale: age !== null && age >= RETURN_WINDOW_MS, awaitedHere };
}

/** A resumed payment's order looked up through the shared poller: one answer settles it, a failed call is asked again. */
function lookupPoller(provider: PaymentProvider, accountId: string | null) {
  return createPollerLogic(
    pollingCheck(lookupCheckOutcome, async (input: FindOrderInput): Promise<LookupAnswer> => ({
      found: await findOrderFromList(provider, input, accountId),
    })),
  );
}

/** The shared poller, asking for a redirect or WeChat order's status from the order list. */
const orderListPoller = createPollerLogic(pollingCheck(orderCheckOutcome, (input: CheckOrderInput) => orderStatusFromList(input.orderNo)));

export interface PaymentWiring {
  user: UserActor;
  /** Whose purchase it is: stored with the pending order, so that no other account resumes it (null: nobody does). */
  accountId?: string | null;
  /** Told once an order is paid (the order list refreshes). */
  onPaid: () => void;
  paypal: PaypalCheckout | null;
}

/**
 * From the first checkout on, a change of the tab's account (signed out, or another account signed in) resets what
 * was loaded for the previous one: PayPal's SDK, loaded with its user ID token, and whatever else registered with
 * onAccountChange. An expired session keeps its account in view, so the same account signing back in resets nothing.
 */
export function followAccountChanges(user: UserActor): void {
  followAccount(user, (snapshot) => userSelectors.accountInView(snapshot)?.id ?? null);
}

/**
 * What every provider shares: the pending order in session storage, the watch on a slowly settling one, finding a
 * resumed payment's order, and the news of a payment.
 */
function sharedActions(provider: PaymentProvider, { user, onPaid, accountId = null }: PaymentWiring) {
  return {
    rememberPendingOrder: ({ context }: { context: PaymentContext }) => {
      if (context.order) savePendingOrder({ provider, orderNo: context.order.orderNo, packageId: context.packageId ?? '', accountId });
    },
    // No order (its creation failed): nothing of this payment was stored, and another pending order stays. Only this
    // provider's order of that number is forgotten: a return naming another provider's order forgets nothing.
    forgetPendingOrder: ({ context }: { context: PaymentContext }, { endsWatch }: ForgetPendingOrder) => {
      if (context.order) clearPendingOrder({ provider, orderNo: context.order.orderNo });
      // Its outcome is on screen: the settlement watch must not tell it again.
      if (endsWatch && context.order && accountId !== null) claimSettledOrder(accountId, { provider, orderNo: context.order.orderNo });
    },
    watchSettlement: ({ context }: { context: PaymentContext }) => {
      if (context.order && accountId !== null) {
        watchSettlingOrder(accountId, { orderNo: context.order.orderNo, provider, packageId: context.packageId ?? '' });
      }
    },
    unwatchSettlement: ({ context }: { context: PaymentContext }) => {
      if (context.order && accountId !== null) dropSettlingOrder(accountId, { provider, orderNo: context.order.orderNo });
    },
    notifyPaid: ({ context }: { context: PaymentContext }) => {
      // The billing page starts from this package next time, never from a bigger one.
      if (accountId !== null && context.packageId !== null) saveLastPackage(accountId, context.packageId);
      // Told once: not again if the settlement watch (here or in another tab) told it first.
      const claim = accountId !== null && context.order ? claimSettledOrder(accountId, { provider, orderNo: context.order.orderNo }) : 'notWatched';
      user.send({ type: 'PAYMENT_SUCCEEDED' });
      if (claim !== 'toldAlready') notify.success(paidNews(context.packageId ?? ''));
      onPaid();
    },
  };
}

export function createRedirectPaymentLogic(provider: RedirectProvider, wiring: PaymentWiring) {
  const demoOrigin = config.mode === 'demo' ? location.origin : null;
  return REDIRECT_MACHINES[provider].provide({
    actors: {
      createOrder: fromPromise(({ input }) => CREATE_REDIRECT_ORDER[provider](input)),
      lookupPoller: lookupPoller(provider, wiring.accountId ?? null),
      poller: orderListPoller,
    },
    actions: {
      ...sharedActions(provider, wiring),
      // A new purchase: a fresh key in the machine's context.
      newIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }),
      redirectToCheckout: ({ context }) => {
        const url = context.order?.checkoutUrl ?? '';
        // Vetted again at the sink: only this provider's checkout may ever be navigated to from here.
        if (isAllowedCheckoutUrl(provider, url, demoOrigin, config.checkoutHosts)) location.assign(url);
      },
    },
    guards: {
      isAllowedCheckout: (_, params) => isAllowedCheckoutUrl(provider, params.checkoutUrl, demoOrigin, config.checkoutHosts),
    },
  });
}

export function createPaypalPaymentLogic(wiring: PaymentWiring) {
  return paypalPaymentMachine.provide({
    actors: {
      // The order's currency as the API answers it; an API that names none prices in the catalogue's.
      createOrder: fromPromise(async ({ input }) =>
        mapData(await paypalCreate({ ...orderRequest('paypal', input), ...(input.vaultId ? { vaultId: input.vaultId } : {}) }), (data) => ({
          ...data,
          currency: data.currency ?? CURRENCY,
        })),
      ),
      // PayPal's buttons and window for the order: what the buyer does comes back to the chart, which asks for a
      // restart when the capture declined the funding source; leaving the chart's PayPal state closes them.
      paypalCheckout: fromCallback<AnyEventObject, PaypalCheckoutInput>(({ input, sendBack, receive }) => {
        if (!wiring.paypal) {
          sendBack({ type: 'paypal.failed', error: new Error(t`PayPal is not available right now. Choose another payment method.`) });
          return undefined;
        }
        // PayPal is about to load with this account's token: another account must find it gone.
        followAccountChanges(wiring.user);
        const session = wiring.paypal.open({ ...input, currency: input.currency ?? CURRENCY }, sendBack);
        const restart: PaypalRestart['type'] = 'paypal.restart';
        receive((event) => {
          if (event.type === restart) session.restart();
        });
        return () => session.close();
      }),
      captureOrder: fromPromise(({ input }) => paypalCapture(input)),
      lookupPoller: lookupPoller('paypal', wiring.accountId ?? null),
      poller: createPollerLogic(pollingCheck(orderCheckOutcome, (input: CheckOrderInput) => paypalCheckOrderStatus(input))),
    },
    actions: { ...sharedActions('paypal', wiring), newIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }) },
    guards: {
      // The buyer confirmed a charge at the catalogue's prices: an order in another currency is confirmed again first.
      isInCatalogueCurrency: (_, { currency }: OrderCurrency) => currency === null || currency === CURRENCY,
    },
  });
}

export function createWechatPaymentLogic(wiring: PaymentWiring) {
  return wechatPaymentMachine.provide({
    actors: {
      // The expiry as the page will keep it: an absurd or unreadable one from the server becomes 15 minutes from now.
      createOrder: fromPromise(async ({ input }) =>
        mapData(await wechatCreate(orderRequest('wechat', input)), (data) => ({ ...data, expireTime: qrWaitEnds(data.expireTime, Date.now()) })),
      ),
      lookupPoller: lookupPoller('wechat', wiring.accountId ?? null),
      poller: orderListPoller,
    },
    actions: { ...sharedActions('wechat', wiring), newIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }) },
  });
}

/** Said when the API hands out a checkout link the app will not follow. */
export function unsafeRedirectMessage(provider: PaymentProvider): string {
  return t`The payment page address from ${PROVIDER_NAMES[provider]} was not on its known website, so you were not sent there. Nothing was charged. Try again or choose another method.`;
}

/**
 * The top-level states of the payment chart, by what the buyer is doing: the chart's shared states and every
 * provider's hand-off (redirecting; payingInPaypal, and capturing for a saved method; awaitingScan). starting decides
 * at once and is never shown.
 */
export const PAYMENT_PHASES = [
  'starting',
  'findingOrder',
  'lookupFailed',
  'orderNotFound',
  'settledEarlier',
  'foundPaid',
  'leftUnpaid',
  'awaitingConfirmations',
  'choosingPackage',
  'confirmingCharge',
  'creatingOrder',
  'redirecting',
  'payingInPaypal',
  'confirmingCurrency',
  'capturing',
  'awaitingScan',
  'confirming',
  'stoppedAfterErrors',
  'paid',
  'cancelled',
  'failed',
  'timedOut',
] as const;
export type PaymentPhase = (typeof PAYMENT_PHASES)[number];

// The list above is exactly the charts' top-level states: a state added to or renamed in a chart fails here.
type TopLevel<V> = V extends string ? V : keyof V;
type ChartPhase = TopLevel<StateValueFrom<typeof creemPaymentMachine | typeof paypalPaymentMachine | typeof wechatPaymentMachine>>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AssertTrue<T extends true> = T;
type _PaymentPhasesMatchCharts = AssertTrue<Same<PaymentPhase, ChartPhase>>;

/** What the selectors read of any provider's snapshot: the charts share their context and tags. */
export interface PaymentSnapshotView {
  value: StateValue;
  context: PaymentContext;
  hasTag(tag: string): boolean;
  // Any provider's chart takes these of the view's events; typed loosely, as the charts' own can() differ by provider.
  can(event: PaymentUserEvent): boolean;
}

/** What a checkout view reads of a payment, whichever provider's chart runs it. */
export const paymentSelectors = {
  /** The top-level state: what the buyer is doing now. */
  phase: ({ value }: PaymentSnapshotView): PaymentPhase =>
    PAYMENT_PHASES.find((phase) => (typeof value === 'string' ? value === phase : phase in value)) ?? 'starting',
  /** Only while choosing may the package and method pickers change: Try again orders what the panel shows. */
  isChoosing: (snapshot: PaymentSnapshotView): boolean => snapshot.hasTag('choosing'),
  /** The server did not answer several checks in a row: nothing is asked until the buyer says so. */
  checksStopped: (snapshot: PaymentSnapshotView): boolean => snapshot.hasTag('checksStopped'),
  /** The buyer may leave a payment waited on (it stays watched). */
  canLeave: (snapshot: PaymentSnapshotView): boolean => snapshot.can({ type: 'DISMISS' }),
  /** The buyer may say they did not pay a slowly settling order, which is then no longer watched. */
  canStopWatching: (snapshot: PaymentSnapshotView): boolean => snapshot.can({ type: 'STOP_WATCHING' }),
  /**
   * While PayPal is open for the order: whether the buyer is approving there, the capture is running, or PayPal
   * declined the funding source and asks for another one.
   */
  paypalStep: (snapshot: PaymentSnapshotView): 'approving' | 'capturing' | 'fundingDeclined' =>
    snapshot.hasTag('fundingDeclined') ? 'fundingDeclined' : snapshot.hasTag('capturing') ? 'capturing' : 'approving',
  context: (snapshot: PaymentSnapshotView): PaymentContext => snapshot.context,
};

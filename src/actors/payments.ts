import { fromPromise } from 'xstate';
import toast from 'react-hot-toast';
import { t } from '@lingui/core/macro';
import type { CheckOrderResponse, PaymentContext } from '../../machines/payment.shared';
import { paypalPaymentMachine } from '../../machines/paypalPayment.machine';
import { creemPaymentMachine, digisellerPaymentMachine, freekassaPaymentMachine, nowpaymentsPaymentMachine } from '../../machines/redirectPayment.machine';
import { wechatPaymentMachine } from '../../machines/wechatPayment.machine';
import type { ApiResult } from '../api/client';
import type { CreateOrderRequest, PaymentProvider } from '../api/contract';
import { payOrderList } from '../api/orders';
import { creemCheckout, digisellerCreate, freekassaCreate, nowpaymentsInvoice, paypalCapture, paypalCheckOrderStatus, paypalCreate, wechatCreate } from '../api/trade';
import { config } from '../config';
import { clearPendingOrder, savePendingOrder } from '../services/pendingOrder';
import { isAllowedCheckoutUrl, paymentReturnUrls, PROVIDER_NAMES } from '../services/paymentProviders';
import type { PaypalCheckout } from '../services/paypal';
import type { UserActor } from './app';

type RedirectProvider = 'creem' | 'nowpayments' | 'freekassa' | 'digiseller';

/** A successful answer with its data reshaped; anything else passes through unchanged. */
function mapData<T, U>(result: ApiResult<T>, reshape: (data: T) => U): ApiResult<U> {
  return result.code === 200 ? { ...result, data: reshape(result.data) } : result;
}

function orderRequest(provider: PaymentProvider, packageId: string): CreateOrderRequest {
  return { packageId, ...paymentReturnUrls(location.origin, provider) };
}

/** Each redirect provider's create call, its URL field read as the checkout URL. */
const CREATE_REDIRECT_ORDER: Record<RedirectProvider, (packageId: string) => Promise<ApiResult<{ orderNo: string; checkoutUrl: string }>>> = {
  creem: async (packageId) => mapData(await creemCheckout(orderRequest('creem', packageId)), (data) => ({ orderNo: data.orderNo, checkoutUrl: data.checkoutUrl })),
  nowpayments: async (packageId) =>
    mapData(await nowpaymentsInvoice(orderRequest('nowpayments', packageId)), (data) => ({ orderNo: data.orderNo, checkoutUrl: data.invoiceUrl })),
  freekassa: async (packageId) => mapData(await freekassaCreate(orderRequest('freekassa', packageId)), (data) => ({ orderNo: data.orderNo, checkoutUrl: data.payUrl })),
  digiseller: async (packageId) => mapData(await digisellerCreate(orderRequest('digiseller', packageId)), (data) => ({ orderNo: data.orderNo, checkoutUrl: data.payUrl })),
};

const REDIRECT_MACHINES = {
  creem: creemPaymentMachine,
  nowpayments: nowpaymentsPaymentMachine,
  freekassa: freekassaPaymentMachine,
  digiseller: digisellerPaymentMachine,
} as const;

/**
 * An order's status from the order list narrowed to that order: how a redirect or WeChat payment is
 * confirmed (the API has no status call for them).
 */
async function orderStatusFromList(orderNo: string): Promise<CheckOrderResponse> {
  const result = await payOrderList({ pageNum: 1, pageSize: 1, orderNo });
  if (result.code !== 200) return result;
  const order = result.data.records.find((record) => record.orderNo === orderNo);
  // Not listed (yet): as good as pending, so confirming keeps asking until its time is up.
  return { code: 200, msg: result.msg, data: { orderNo, status: order?.status ?? 'pending' } };
}

export interface PaymentWiring {
  user: UserActor;
  /** Told once an order is paid (the order list refreshes). */
  onPaid: () => void;
  paypal: PaypalCheckout | null;
}

/** What every provider shares: the pending order in session storage and the news of a payment. */
function sharedActions(provider: PaymentProvider, { user, onPaid }: PaymentWiring) {
  return {
    rememberPendingOrder: ({ context }: { context: PaymentContext }) => {
      if (context.order) savePendingOrder({ provider, orderNo: context.order.orderNo, packageId: context.packageId ?? '' });
    },
    // No order (its creation failed): nothing of this payment was stored, and another pending order stays.
    forgetPendingOrder: ({ context }: { context: PaymentContext }) => {
      if (context.order) clearPendingOrder(context.order.orderNo);
    },
    notifyPaid: () => {
      user.send({ type: 'PAYMENT_SUCCEEDED' });
      toast.success(t`Payment received. Your credits are in your balance.`);
      onPaid();
    },
  };
}

export function createRedirectPaymentLogic(provider: RedirectProvider, wiring: PaymentWiring) {
  const demoOrigin = config.mode === 'demo' ? location.origin : null;
  return REDIRECT_MACHINES[provider].provide({
    actors: {
      createOrder: fromPromise(({ input }) => CREATE_REDIRECT_ORDER[provider](input.packageId)),
      checkOrder: fromPromise(({ input }) => orderStatusFromList(input.orderNo)),
    },
    actions: {
      ...sharedActions(provider, wiring),
      redirectToCheckout: ({ context }) => {
        if (context.order?.checkoutUrl) location.assign(context.order.checkoutUrl);
      },
    },
    guards: {
      isAllowedCheckout: (_, params) => isAllowedCheckoutUrl(provider, params.checkoutUrl, demoOrigin),
    },
  });
}

export function createPaypalPaymentLogic(wiring: PaymentWiring) {
  return paypalPaymentMachine.provide({
    actors: {
      createOrder: fromPromise(({ input }) => paypalCreate({ ...orderRequest('paypal', input.packageId), ...(input.vaultId ? { vaultId: input.vaultId } : {}) })),
      approveInPaypal: fromPromise(({ input, signal }) => {
        if (!wiring.paypal) return Promise.reject(new Error(t`PayPal is not available right now. Choose another payment method.`));
        return wiring.paypal.approve(input, signal);
      }),
      captureOrder: fromPromise(({ input }) => paypalCapture(input)),
      checkOrder: fromPromise(({ input }) => paypalCheckOrderStatus(input)),
    },
    actions: sharedActions('paypal', wiring),
  });
}

export function createWechatPaymentLogic(wiring: PaymentWiring) {
  return wechatPaymentMachine.provide({
    actors: {
      createOrder: fromPromise(({ input }) => wechatCreate(orderRequest('wechat', input.packageId))),
      checkOrder: fromPromise(({ input }) => orderStatusFromList(input.orderNo)),
    },
    actions: sharedActions('wechat', wiring),
  });
}

/** Said when the API hands out a checkout link the app will not follow. */
export function unsafeRedirectMessage(provider: PaymentProvider): string {
  return t`The payment page address from ${PROVIDER_NAMES[provider]} was not on its known website, so you were not sent there. Nothing was charged. Try again or choose another method.`;
}

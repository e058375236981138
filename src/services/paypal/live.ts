/**
 * Live PayPal: PayPal's JS SDK, loaded only when a PayPal payment starts. The order is created by our API
 * first; PayPal's buttons then show in the checkout (the element PAYPAL_BUTTONS_ID) and the buyer approves
 * there. Boot imports this module only in live mode.
 */
import { t } from '@lingui/core/macro';
import { PAYPAL_BUTTONS_ID, type PaypalApproval, type PaypalCheckout, type PaypalOrderRef } from '../paypal';

export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';
const CONTAINER_WAIT_MS = 5000;

/** The little of the SDK that paying needs. */
interface PaypalButtons {
  render(container: HTMLElement): Promise<void>;
  close?(): Promise<void>;
}
interface PaypalNamespace {
  Buttons(options: {
    createOrder(): string | Promise<string>;
    onApprove(): void | Promise<void>;
    onCancel(): void;
    onError(error: unknown): void;
  }): PaypalButtons;
}

function sdkOf(scope: object): PaypalNamespace | null {
  const candidate: unknown = Reflect.get(scope, 'paypal');
  return candidate && typeof candidate === 'object' && typeof Reflect.get(candidate, 'Buttons') === 'function' ? (candidate as PaypalNamespace) : null;
}

let loading: Promise<PaypalNamespace> | null = null;

/**
 * Adds PayPal's script once; a failed load can be tried again. The user ID token (get-user-id-token) lets
 * PayPal show a returning buyer the methods they saved.
 */
export function loadPaypalSdk(clientId: string, userIdToken: string | null = null): Promise<PaypalNamespace> {
  const ready = sdkOf(window);
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<PaypalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${PAYPAL_SDK_URL}?${new URLSearchParams({ 'client-id': clientId, currency: 'USD', intent: 'capture', components: 'buttons' }).toString()}`;
    script.async = true;
    if (userIdToken) script.dataset.userIdToken = userIdToken;
    script.onload = () => {
      const sdk = sdkOf(window);
      if (sdk) resolve(sdk);
      else reject(new Error(t`PayPal could not be loaded. Check your connection and try again.`));
    };
    script.onerror = () => reject(new Error(t`PayPal could not be loaded. Check your connection and try again.`));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The checkout renders the container when the order waits for approval; this waits for it briefly. */
function waitForContainer(signal: AbortSignal): Promise<HTMLElement> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      const element = document.getElementById(PAYPAL_BUTTONS_ID);
      if (element) resolve(element);
      else if (signal.aborted) reject(new Error('aborted'));
      else if (Date.now() - started > CONTAINER_WAIT_MS) reject(new Error(t`The PayPal buttons could not be shown. Try again.`));
      else requestAnimationFrame(look);
    };
    look();
  });
}

export function createLivePaypal(clientId: string, userIdToken: () => Promise<string | null> = () => Promise.resolve(null)): PaypalCheckout {
  return {
    async approve(order: PaypalOrderRef, signal: AbortSignal): Promise<PaypalApproval> {
      // Without a token PayPal still works; the buyer just signs in to PayPal as usual.
      const token = await userIdToken().catch(() => null);
      const sdk = await loadPaypalSdk(clientId, token);
      const container = await waitForContainer(signal);
      return new Promise<PaypalApproval>((resolve, reject) => {
        const buttons = sdk.Buttons({
          // The order exists already: PayPal is handed its id.
          createOrder: () => order.paypalOrderId,
          onApprove: () => resolve('approved'),
          onCancel: () => resolve('cancelled'),
          onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
        });
        buttons.render(container).catch((error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
        signal.addEventListener('abort', () => void buttons.close?.(), { once: true });
      });
    },
  };
}

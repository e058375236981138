/**
 * Live PayPal: PayPal's JS SDK, loaded only when a PayPal payment starts. The order is created by our API
 * first; PayPal's buttons then show in the checkout (the element PAYPAL_BUTTONS_ID) and the buyer approves
 * there. Boot imports this module only in live mode.
 */
import { t } from '@lingui/core/macro';
import { onAccountChange } from '../accountChange';
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
  return candidate && typeof candidate === 'object' && typeof Reflect.get(candidate, 'Buttons') === 'function'
    ? (candidate as PaypalNamespace)
    : null;
}

let loading: Promise<PaypalNamespace> | null = null;
/** Bumped by every reset: a script still on its way for the previous account is not used when it arrives. */
let generation = 0;
/** The buttons on the page: a reset takes them down with the SDK. */
const rendered = new Set<PaypalButtons>();

/** What the SDK leaves on the page besides its script and `window.paypal`: zoid's frames and globals. */
const ZOID_LEFTOVERS = '[id^="zoid-paypal-"], iframe[name^="__zoid__"], iframe[name^="__detect_close"], .paypal-checkout-sandbox';
const ZOID_GLOBAL = /^__(zoid|post_robot|paypal)/;

/**
 * Takes PayPal's SDK off the page: its script, `window.paypal`, its buttons and zoid's frames and globals, and the
 * cached load. The SDK was loaded with one account's user ID token, so another account must load it afresh.
 */
export function resetPaypalSdk(): void {
  generation += 1;
  loading = null;
  for (const buttons of rendered) {
    try {
      void buttons.close?.().catch(() => undefined);
    } catch {
      // Its SDK is being removed anyway.
    }
  }
  rendered.clear();
  document.querySelectorAll(`script[src^="${PAYPAL_SDK_URL}"]`).forEach((script) => script.remove());
  document.querySelectorAll(ZOID_LEFTOVERS).forEach((element) => element.remove());
  for (const key of Object.keys(window)) if (ZOID_GLOBAL.test(key)) Reflect.deleteProperty(window, key);
  Reflect.deleteProperty(window, 'paypal');
}

// Signing out, or in as someone else, takes the previous account's SDK away.
onAccountChange(resetPaypalSdk);

/**
 * Adds PayPal's script once; a failed load can be tried again. The user ID token (get-user-id-token) lets
 * PayPal show a returning buyer the methods they saved.
 */
export function loadPaypalSdk(clientId: string, userIdToken: string | null = null): Promise<PaypalNamespace> {
  const ready = sdkOf(window);
  if (ready && loading === null) return Promise.resolve(ready);
  const loadedFor = generation;
  loading ??= new Promise<PaypalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${PAYPAL_SDK_URL}?${new URLSearchParams({ 'client-id': clientId, currency: 'USD', intent: 'capture', components: 'buttons' }).toString()}`;
    script.async = true;
    if (userIdToken) script.dataset.userIdToken = userIdToken;
    script.onload = () => {
      const sdk = sdkOf(window);
      // Loaded for an account that has since left: whatever it set up goes too.
      if (loadedFor !== generation) {
        if (loading === null) resetPaypalSdk();
        reject(new Error(t`PayPal could not be loaded. Check your connection and try again.`));
      } else if (sdk) resolve(sdk);
      else reject(new Error(t`PayPal could not be loaded. Check your connection and try again.`));
    };
    script.onerror = () => reject(new Error(t`PayPal could not be loaded. Check your connection and try again.`));
    document.head.append(script);
  }).catch((error: unknown) => {
    if (loadedFor === generation) loading = null;
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
        rendered.add(buttons);
        buttons.render(container).catch((error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
        signal.addEventListener(
          'abort',
          () => {
            rendered.delete(buttons);
            void buttons.close?.();
          },
          { once: true },
        );
      });
    },
  };
}

/**
 * Live PayPal: PayPal's JS SDK, loaded only when a PayPal payment starts. The order is created by our API
 * first; PayPal's buttons then show in the checkout (the element PAYPAL_BUTTONS_ID) and the buyer approves
 * there. Boot imports this module only in live mode.
 */
import { t } from '@lingui/core/macro';
import { onAccountChange } from '../accountChange';
import { PAYPAL_BUTTONS_ID, type PaypalCheckout, type PaypalOrderRef, type PaypalReport, type PaypalSession } from '../paypal';
import { guardPrerenderFrames } from './prerenderFramePolicy';

export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';
const CONTAINER_WAIT_MS = 5000;

/** What PayPal's onApprove hands over besides the order: `restart` asks the buyer for another funding source. */
interface PaypalActions {
  restart?(): Promise<void>;
}

/** The little of the SDK that paying needs. */
interface PaypalButtons {
  render(container: HTMLElement): Promise<void>;
  close?(): Promise<void>;
}
interface PaypalNamespace {
  Buttons(options: {
    createOrder(): string | Promise<string>;
    onApprove(data: unknown, actions: PaypalActions | undefined): Promise<void>;
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

/**
 * The SDK's query: the client id, the order's currency (PayPal's checkout refuses an order in another currency than
 * the SDK's, "JavaScript SDK script configuration"), capture, the buttons only, and no Venmo: Venmo is for US buyers
 * paying in US dollars on a phone, which the product does not single out, and its hosts would widen the CSP (PayPal's
 * "JavaScript SDK best practices" lists them otherwise).
 */
function paypalSdkQuery(clientId: string, currency: string): URLSearchParams {
  return new URLSearchParams({ 'client-id': clientId, currency, intent: 'capture', components: 'buttons', 'disable-funding': 'venmo' });
}

let loading: Promise<PaypalNamespace> | null = null;
/** The currency the SDK on the page (or on its way) was loaded for. */
let loadedCurrency: string | null = null;
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
  loadedCurrency = null;
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
 * Adds PayPal's script once per currency; a failed load can be tried again. The user ID token (get-user-id-token) lets
 * PayPal show a returning buyer the methods they saved. An order in another currency than the SDK on the page needs
 * the SDK anew: the one on the page is taken down first.
 */
export function loadPaypalSdk(clientId: string, currency: string, userIdToken: string | null = null): Promise<PaypalNamespace> {
  if (!/^[A-Z]{3}$/.test(currency)) return Promise.reject(new Error(t`PayPal could not be loaded. Check your connection and try again.`));
  if (loadedCurrency !== null && loadedCurrency !== currency) resetPaypalSdk();
  const ready = sdkOf(window);
  if (ready && loading === null && loadedCurrency === currency) return Promise.resolve(ready);
  // PayPal draws its placeholder buttons into frames of this origin: they get their Trusted Types policy as they load.
  guardPrerenderFrames();
  const loadedFor = generation;
  loadedCurrency = currency;
  loading ??= new Promise<PaypalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${PAYPAL_SDK_URL}?${paypalSdkQuery(clientId, currency).toString()}`;
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
    if (loadedFor === generation) {
      loading = null;
      loadedCurrency = null;
    }
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

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * PayPal's buttons for one order. PayPal's onApprove waits (its promise stays open) until the payment chart has the
 * capture's answer: then `close` answers it and PayPal closes its window, or `restart` answers it with
 * `actions.restart()`, and PayPal asks the buyer for another funding source ("Handle funding failures"). Each
 * approval is reported, the ones after a restart too.
 */
export function createLivePaypal(clientId: string, userIdToken: () => Promise<string | null> = () => Promise.resolve(null)): PaypalCheckout {
  return {
    open(order: PaypalOrderRef, report: (event: PaypalReport) => void): PaypalSession {
      const aborted = new AbortController();
      let buttons: PaypalButtons | null = null;
      /** The approval PayPal waits on: how to answer it, and its actions. */
      let waiting: { answer: (result?: Promise<void>) => void; actions: PaypalActions | undefined } | null = null;
      const fail = (error: unknown) => {
        if (!aborted.signal.aborted) report({ type: 'paypal.failed', error: asError(error) });
      };
      const answerWaiting = (result?: Promise<void>) => {
        const approval = waiting;
        waiting = null;
        approval?.answer(result);
      };

      void (async () => {
        // Without a token PayPal still works; the buyer just signs in to PayPal as usual.
        const token = await userIdToken().catch(() => null);
        const sdk = await loadPaypalSdk(clientId, order.currency, token);
        const container = await waitForContainer(aborted.signal);
        if (aborted.signal.aborted) return;
        buttons = sdk.Buttons({
          // The order exists already: PayPal is handed its id.
          createOrder: () => order.paypalOrderId,
          onApprove: (_data, actions) =>
            new Promise<void>((resolve, reject) => {
              waiting = { answer: (result) => (result ? result.then(resolve, reject) : resolve()), actions };
              report({ type: 'paypal.approved' });
            }),
          onCancel: () => {
            if (!aborted.signal.aborted) report({ type: 'paypal.cancelled' });
          },
          onError: fail,
        });
        rendered.add(buttons);
        await buttons.render(container);
      })().catch(fail);

      return {
        restart() {
          const restart = waiting?.actions?.restart;
          // Without actions.restart (an SDK that gave none) PayPal is answered, and closes its window.
          answerWaiting(typeof restart === 'function' ? restart() : undefined);
        },
        close() {
          aborted.abort();
          answerWaiting();
          if (buttons) {
            rendered.delete(buttons);
            void buttons.close?.().catch(() => undefined);
          }
        },
      };
    },
  };
}

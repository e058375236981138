/** Demo mode's PayPal: the demo PayPal page in a popup, in place of PayPal's JS SDK and its window. */
import { t } from '@lingui/core/macro';
import type { PaypalCheckout, PaypalOrderRef, PaypalReport } from '../services/paypal';
import { DEMO_CHECKOUT_PATH } from '../domain/paymentProviders';
import { readPaypalMessage } from './checkout/paypalMessage';

const POPUP_WIDTH = 480;
const POPUP_HEIGHT = 640;
/** How often the popup is checked for having been closed without an answer. */
export const POPUP_POLL_MS = 500;
/** A popup that answered and closed at once: its message is still on its way when the poll sees it closed. */
const CLOSED_GRACE_MS = 250;

/** The little of a window the popup flow uses, so tests can hand in a fake. */
export interface PopupHost {
  origin: string;
  open(url: string, target: string, features: string): Pick<Window, 'closed' | 'close'> | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** Where to centre the popup. */
  frame: { left: number; top: number; width: number; height: number };
}

function browserHost(): PopupHost {
  return {
    origin: window.location.origin,
    open: (url, target, features) => window.open(url, target, features),
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
    frame: { left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight },
  };
}

export function demoPaypalUrl(origin: string, order: Pick<PaypalOrderRef, 'orderNo' | 'paypalOrderId'>): string {
  return `${origin}${DEMO_CHECKOUT_PATH}paypal?${new URLSearchParams({ orderNo: order.orderNo, token: order.paypalOrderId }).toString()}`;
}

/**
 * The demo PayPal page in a popup, for one order: its answer is reported (approved, cancelled, or its error), and a
 * popup closed without one is a cancel. A restart opens the page again for the same order (the demo never declines a
 * funding source; PayPal's own window would ask for another one).
 */
export function createDemoPaypal(getHost: () => PopupHost = browserHost): PaypalCheckout {
  return {
    open(order, report) {
      let stop: (() => void) | null = null;
      let closed = false;
      const show = () => {
        const host = getHost();
        const { frame } = host;
        const left = Math.round(frame.left + Math.max(0, (frame.width - POPUP_WIDTH) / 2));
        const top = Math.round(frame.top + Math.max(0, (frame.height - POPUP_HEIGHT) / 2));
        const popup = host.open(
          demoPaypalUrl(host.origin, order),
          'nanobanana-demo-paypal',
          `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
        );
        if (!popup) {
          report({ type: 'paypal.failed', error: new Error(t`The PayPal window was blocked. Allow pop-ups for this site and try again.`) });
          return;
        }

        let finished = false;
        let graceTimer: ReturnType<typeof setTimeout> | undefined;
        const finish = (answer: PaypalReport | null) => {
          if (finished) return;
          finished = true;
          stop = null;
          clearInterval(poll);
          clearTimeout(graceTimer);
          host.removeEventListener('message', onMessage);
          if (answer) report(answer);
        };

        function onMessage(event: MessageEvent) {
          // Only this site's popup speaks for this order; any other message on the window is none of ours.
          if (event.origin !== host.origin) return;
          const message = readPaypalMessage(event.data);
          if (!message || message.orderNo !== order.orderNo) return;
          if (message.outcome === 'error')
            finish({ type: 'paypal.failed', error: new Error(message.message || t`PayPal could not take the payment.`) });
          else finish({ type: message.outcome === 'approved' ? 'paypal.approved' : 'paypal.cancelled' });
        }
        const poll = setInterval(() => {
          if (!popup.closed || graceTimer !== undefined) return;
          graceTimer = setTimeout(() => finish({ type: 'paypal.cancelled' }), CLOSED_GRACE_MS);
        }, POPUP_POLL_MS);

        host.addEventListener('message', onMessage);
        stop = () => {
          finish(null);
          popup.close();
        };
      };
      show();
      return {
        restart() {
          if (!closed) show();
        },
        close() {
          closed = true;
          stop?.();
        },
      };
    },
  };
}

/** PayPal for demo mode, over the browser's window. */
export const demoPaypal: PaypalCheckout = createDemoPaypal();

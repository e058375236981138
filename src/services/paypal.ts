/**
 * How the app hands an order to PayPal. Demo mode opens the demo PayPal popup; live mode renders PayPal's buttons
 * with its JS SDK (loaded only when a PayPal payment starts).
 */
import type { PaypalReport } from '../../machines/payment.machine';

export type { PaypalReport };

export interface PaypalOrderRef {
  orderNo: string;
  paypalOrderId: string;
  /** The order's currency: PayPal's SDK must be loaded for the currency of the order it pays. */
  currency: string;
}

/** PayPal, open for one order until the payment chart is done with it. */
export interface PaypalSession {
  /**
   * The capture declined the funding source the buyer approved: PayPal asks for another one, for the same order
   * (its onApprove answers with `actions.restart()`). A later approval is reported again.
   */
  restart(): void;
  /** Takes PayPal's buttons and window down; an approval still waiting is answered first. */
  close(): void;
}

export interface PaypalCheckout {
  /**
   * Shows PayPal for the order and reports what the buyer does: approved (PayPal then waits until the session is
   * restarted or closed), cancelled, or PayPal's own error.
   */
  open(order: PaypalOrderRef, report: (event: PaypalReport) => void): PaypalSession;
}

/** Live mode: where the checkout puts PayPal's buttons while PayPal is open for an order. */
export const PAYPAL_BUTTONS_ID = 'paypal-buttons';

/**
 * How the app asks PayPal to approve an order. Demo mode opens the demo PayPal popup; live mode uses
 * PayPal's JS SDK (loaded only when a PayPal payment starts).
 */
export type PaypalApproval = 'approved' | 'cancelled';

export interface PaypalOrderRef {
  orderNo: string;
  paypalOrderId: string;
}

export interface PaypalCheckout {
  /** Resolves when the buyer approves or cancels; rejects with PayPal's error. Aborting closes the popup. */
  approve(order: PaypalOrderRef, signal: AbortSignal): Promise<PaypalApproval>;
}

/** Live mode: where the checkout puts PayPal's buttons while an order waits for approval. */
export const PAYPAL_BUTTONS_ID = 'paypal-buttons';

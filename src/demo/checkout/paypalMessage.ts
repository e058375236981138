/**
 * The message the demo PayPal popup posts to the page that opened it. Apart from the checkout's order handling:
 * the app reads it with no need of the demo database.
 */
import * as v from 'valibot';

export const PAYPAL_MESSAGE_SOURCE = 'nanobanana-demo-paypal';
export type PaypalOutcome = 'approved' | 'cancelled' | 'error';
export interface PaypalPopupMessage {
  source: typeof PAYPAL_MESSAGE_SOURCE;
  orderNo: string;
  outcome: PaypalOutcome;
  message?: string;
}

const PaypalMessageSchema = v.object({
  source: v.literal(PAYPAL_MESSAGE_SOURCE),
  orderNo: v.string(),
  outcome: v.picklist(['approved', 'cancelled', 'error']),
  message: v.optional(v.string()),
});

/** The popup's message, or null for anything else arriving on the window. */
export function readPaypalMessage(data: unknown): PaypalPopupMessage | null {
  const parsed = v.safeParse(PaypalMessageSchema, data);
  return parsed.success ? parsed.output : null;
}

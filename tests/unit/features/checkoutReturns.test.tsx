/**
 * What the checkout says of a resumed payment and of a PayPal order priced in another currency: a paid order nothing
 * here waited for is said as it is, an order a link names that was settled earlier is worded by how it ended, a crypto
 * payment waited on says "if" and lets the buyer leave it or stop watching it (the buttons the chart takes), and an
 * order priced in euros never shows a dollar amount as what is charged.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createActor, fromCallback, fromPromise, type StateValue } from 'xstate';
import { initialPaymentContext, type OrderStatus, type PaymentContext, type PaymentOrder } from '../../../machines/payment.shared';
import { pollingMachine, type CheckedAnswer } from '../../../machines/polling.machine';
import type { CaptureOrderResponse, PaypalOrderInput } from '../../../machines/payment.machine';
import { paypalPaymentMachine } from '../../../machines/paypalPayment.machine';
import { creemPaymentMachine, nowpaymentsPaymentMachine } from '../../../machines/redirectPayment.machine';
import { CheckoutBody } from '../../../src/features/billing/Checkout';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

const order = (fields: Partial<PaymentOrder> = {}): PaymentOrder => ({
  orderNo: 'NB7',
  checkoutUrl: null,
  paypalOrderId: null,
  codeUrl: null,
  expireTime: null,
  ...fields,
});
const context = (fields: Partial<PaymentContext>): PaymentContext => ({
  ...initialPaymentContext({ resume: null }),
  packageId: 'builder',
  ...fields,
});

/** Pollers that never check (the test only reads the page), and side effects recorded by name. */
function fakes() {
  const calls: string[] = [];
  const record = (name: string) => () => {
    calls.push(name);
  };
  const idlePoller = pollingMachine.provide({
    actors: { check: fromPromise<CheckedAnswer, unknown>(() => new Promise(() => undefined)), watchPageVisibility: fromCallback(() => undefined) },
  });
  return {
    calls,
    implementations: {
      actors: {
        poller: idlePoller,
        lookupPoller: idlePoller,
        captureOrder: fromPromise<CaptureOrderResponse, PaypalOrderInput>(() => new Promise(() => undefined)),
      },
      actions: {
        rememberPendingOrder: record('rememberPendingOrder'),
        forgetPendingOrder: record('forgetPendingOrder'),
        watchSettlement: record('watchSettlement'),
        unwatchSettlement: record('unwatchSettlement'),
        notifyPaid: record('notifyPaid'),
      },
    },
  };
}

function show(
  actor: Parameters<typeof CheckoutBody>[0]['actor'],
  provider: 'creem' | 'nowpayments' | 'paypal',
  savedMethods = [{ id: 'vault-1', label: 'PayPal · ada@example.com' }],
) {
  render(
    <I18nProvider i18n={i18n}>
      <CheckoutBody
        actor={actor}
        provider={provider}
        packageId="builder"
        discount={null}
        resume={null}
        onPaid={() => undefined}
        savedMethods={savedMethods}
      >
        {() => null}
      </CheckoutBody>
    </I18nProvider>,
  );
}

function at(machine: typeof creemPaymentMachine | typeof paypalPaymentMachine, value: StateValue, fields: Partial<PaymentContext>) {
  const { implementations, calls } = fakes();
  const provided = machine.provide(implementations);
  const actor = createActor(provided, { input: { resume: null }, snapshot: provided.resolveState({ value, context: context(fields) }) }).start();
  return { actor, calls };
}

describe('a resumed payment', () => {
  it('a paid order nothing here waited for: paid, its credits in the balance, with no news of a payment', () => {
    const { actor } = at(creemPaymentMachine, 'foundPaid', { order: order(), foundStatus: 'paid' });
    show(actor, 'creem');
    expect(screen.getByRole('status')).toHaveTextContent('Order NB7 is paid: its credits are in your balance. Its status is in your list below.');
    expect(screen.queryByText(/^Paid\./)).toBeNull();
    expect(screen.queryByText(/Payment received/)).toBeNull();
  });

  const EARLIER: Record<OrderStatus, string> = {
    paid: 'Order NB7 was paid before this visit: its credits are already in your balance, and nothing new was paid now.',
    cancelled: 'Order NB7 was cancelled before this visit, so nothing was charged for it now.',
    expired: 'Order NB7 expired unpaid before this visit, so nothing was charged for it now.',
    refunded: 'Order NB7 was refunded before this visit, and nothing new was paid now.',
    failed: 'Order NB7 failed before this visit, so nothing was paid for it now.',
    pending: '',
  };
  for (const status of ['paid', 'cancelled', 'expired', 'refunded', 'failed'] as const) {
    it(`an order a link names that was ${status} before this visit is worded so`, () => {
      const { actor } = at(creemPaymentMachine, 'settledEarlier', { order: order(), foundStatus: status, returnedAs: 'returned' });
      show(actor, 'creem');
      expect(screen.getByRole('status')).toHaveTextContent(`${EARLIER[status]} Its status is in your list below.`);
      // "settled" is nobody's word for a cancelled or failed order.
      expect(screen.getByRole('status').textContent).not.toMatch(/settled/);
    });
  }
});

describe('a crypto payment waited on', () => {
  it('says "if", and lets the buyer leave it watched, or say they did not pay', async () => {
    const { actor, calls } = at(nowpaymentsPaymentMachine, 'awaitingConfirmations', { order: order(), returnedAs: 'reloaded' });
    show(actor, 'nowpayments');
    expect(screen.getByRole('status')).toHaveTextContent(
      'If you sent the crypto, NOWPayments is waiting for it to be confirmed on the blockchain, which takes from a few minutes to a few hours. This page keeps checking order NB7.',
    );
    expect(screen.getByText('If you did not pay, stop watching this order: nothing is charged, and NOWPayments lets it expire.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue without waiting' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'I did not pay' }));
    expect(actor.getSnapshot().value).toBe('choosingPackage');
    expect(calls).toEqual(['unwatchSettlement', 'forgetPendingOrder']);
  });

  it('"Continue without waiting" leaves the order watched', async () => {
    const { actor, calls } = at(nowpaymentsPaymentMachine, 'awaitingConfirmations', { order: order(), returnedAs: 'reloaded' });
    show(actor, 'nowpayments');
    await userEvent.click(screen.getByRole('button', { name: 'Continue without waiting' }));
    expect(actor.getSnapshot().value).toBe('choosingPackage');
    expect(calls).toEqual([]);
  });
});

describe('a PayPal order priced in another currency than the catalogue’s', () => {
  it('in PayPal’s window: the order’s own amount and currency, never the dollar price, as what is paid', () => {
    const { actor } = at(
      paypalPaymentMachine,
      { payingInPaypal: 'awaitingApproval' },
      {
        order: order({ paypalOrderId: 'PP-1', currency: 'EUR', amount: 46 }),
      },
    );
    show(actor, 'paypal', []);
    expect(screen.getByText('This order is priced in EUR, not USD: you pay €46.00, as the PayPal window shows.')).toBeVisible();
    expect(screen.queryByText(/\$50\.00/)).toBeNull();
  });

  it('in PayPal’s window, the API naming no amount: the currency, and that PayPal’s window shows the amount', () => {
    const { actor } = at(paypalPaymentMachine, { payingInPaypal: 'awaitingApproval' }, { order: order({ paypalOrderId: 'PP-1', currency: 'EUR' }) });
    show(actor, 'paypal', []);
    expect(screen.getByText('This order is priced in EUR, not USD: the PayPal window shows the amount you pay.')).toBeVisible();
  });

  it('before the order exists, the saved method’s confirmation names the catalogue’s price and says another currency is asked again', () => {
    const { actor } = at(paypalPaymentMachine, 'confirmingCharge', { vaultId: 'vault-1' });
    show(actor, 'paypal');
    const dialog = screen.getByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByText('Pay $50.00 with PayPal · ada@example.com?')).toBeVisible();
    expect(
      within(dialog).getByText(
        'If the order is priced in another currency than USD, you are asked again, in that currency, before anything is charged.',
      ),
    ).toBeVisible();
  });

  it('a saved method is charged only once the buyer confirmed the order’s own currency and amount', async () => {
    const { actor, calls } = at(paypalPaymentMachine, 'confirmingCurrency', {
      vaultId: 'vault-1',
      order: order({ paypalOrderId: 'PP-1', currency: 'EUR', amount: 46 }),
    });
    show(actor, 'paypal');
    const dialog = screen.getByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByText('This order is priced in EUR, not USD: your saved PayPal · ada@example.com is charged €46.00.')).toBeVisible();
    expect(within(dialog).queryByText(/\$/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay €46.00 now' }));
    expect(actor.getSnapshot().value).toBe('capturing');
    expect(calls).toEqual(['rememberPendingOrder']);
  });

  it('without an amount from the API: the currency, and no charge until confirmed; Cancel charges nothing', async () => {
    const { actor, calls } = at(paypalPaymentMachine, 'confirmingCurrency', {
      vaultId: 'vault-1',
      order: order({ paypalOrderId: 'PP-1', currency: 'EUR' }),
    });
    show(actor, 'paypal');
    const dialog = screen.getByRole('dialog', { name: 'Confirm your payment' });
    expect(
      within(dialog).getByText(
        'This order is priced in EUR, not USD: your saved PayPal · ada@example.com is charged in EUR, and PayPal’s receipt shows the amount.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Pay in EUR now' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(actor.getSnapshot().value).toBe('choosingPackage');
    expect(calls).toEqual([]);
  });
});

/**
 * What the checkout shows when polling stopped after the server failed to answer several checks in a row, and what
 * "Check again" does: the view reads the chart's state and tags, and sends what the chart takes.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createActor, fromCallback } from 'xstate';
import {
  initialPaymentContext,
  orderCheckOutcome,
  type CheckOrderInput,
  type CheckOrderResponse,
  type PaymentContext,
} from '../../../machines/payment.shared';
import { pollingCheck, pollingMachine } from '../../../machines/polling.machine';
import { creemPaymentMachine } from '../../../machines/redirectPayment.machine';
import { wechatPaymentMachine } from '../../../machines/wechatPayment.machine';
import { CheckoutBody } from '../../../src/features/billing/Checkout';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(cleanup);

const order = {
  orderNo: 'NB1',
  checkoutUrl: null,
  paypalOrderId: null,
  codeUrl: 'weixin://pay/NB1',
  expireTime: new Date(Date.now() + 5 * 60_000).toISOString(),
};
const stopped: PaymentContext = { ...initialPaymentContext({ resume: null }), packageId: 'starter', order };

/** The shared poller whose checks never answer (the test only looks at what was asked), and a tab that stays visible. */
function fakes() {
  const checkOrder = vi.fn((_input: CheckOrderInput) => new Promise<CheckOrderResponse>(() => undefined));
  return {
    checkOrder,
    actors: {
      poller: pollingMachine.provide({
        actors: { check: pollingCheck(orderCheckOutcome, checkOrder), watchPageVisibility: fromCallback(() => undefined) },
      }),
    },
    actions: { rememberPendingOrder: () => undefined, forgetPendingOrder: () => undefined },
  };
}

function show(actor: Parameters<typeof CheckoutBody>[0]['actor'], provider: 'wechat' | 'creem') {
  render(
    <I18nProvider i18n={i18n}>
      <CheckoutBody actor={actor} provider={provider} packageId="starter" discount={null} resume={null} onPaid={() => undefined}>
        {() => null}
      </CheckoutBody>
    </I18nProvider>,
  );
}

describe('checkout when polling stopped after errors', () => {
  it('WeChat: the code stays, the page says it stopped checking, and "Check again" asks about the order', async () => {
    const { actors, actions, checkOrder } = fakes();
    const machine = wechatPaymentMachine.provide({ actors, actions });
    const actor = createActor(machine, {
      input: { resume: null },
      snapshot: machine.resolveState({ value: { awaitingScan: 'stoppedAfterErrors' }, context: stopped }),
    }).start();
    show(actor, 'wechat');

    // The whole sentence: the price to pay (the Starter package, $10) as well as why the page stopped.
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Scan with WeChat to pay \$10\.00\. This page stopped checking for your payment because our server did not answer several times in a row\. Once you have paid, check again\.$/,
    );
    expect(screen.getByTitle('WeChat Pay QR code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel payment' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(actor.getSnapshot().matches({ awaitingScan: 'polling' })).toBe(true);
    expect(actor.getSnapshot().children.poller?.getSnapshot().hasTag('checking')).toBe(true);
    expect(checkOrder).toHaveBeenCalledTimes(1);
    expect(checkOrder).toHaveBeenCalledWith({ orderNo: 'NB1' }, expect.any(AbortSignal));
    // Polling again: the usual words, no button to press.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Scan with WeChat to pay $10.00. This page updates by itself once you have paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    actor.stop();
  });

  it('a confirmation: says why it stopped, and offers to check again or close', async () => {
    const { actors, actions, checkOrder } = fakes();
    const machine = creemPaymentMachine.provide({ actors, actions });
    const actor = createActor(machine, {
      input: { resume: null },
      snapshot: machine.resolveState({ value: 'stoppedAfterErrors', context: { ...stopped, order: { ...order, codeUrl: null } } }),
    }).start();
    show(actor, 'creem');

    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not confirm your payment with Creem: our server did not answer several times in a row',
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().children.poller?.getSnapshot().hasTag('checking')).toBe(true);
    expect(checkOrder).toHaveBeenCalledTimes(1);
    expect(checkOrder).toHaveBeenCalledWith({ orderNo: 'NB1' }, expect.any(AbortSignal));
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your payment with Creem…');
    actor.stop();
  });

  it('a confirmation: "Close" leaves it and forgets the pending order', async () => {
    const { actors } = fakes();
    const forgetPendingOrder = vi.fn();
    const machine = creemPaymentMachine.provide({ actors, actions: { forgetPendingOrder } });
    const actor = createActor(machine, {
      input: { resume: null },
      snapshot: machine.resolveState({ value: 'stoppedAfterErrors', context: stopped }),
    }).start();
    show(actor, 'creem');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(actor.getSnapshot().value).toBe('choosingPackage');
    expect(forgetPendingOrder).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});

describe('checkout when the page stopped waiting on a WeChat code', () => {
  it('does not claim the code expired (the page stops at 15 minutes at most), and offers both Check again and a new code', async () => {
    const { actors, actions, checkOrder } = fakes();
    const machine = wechatPaymentMachine.provide({ actors, actions });
    const waited: PaymentContext = { ...stopped, errorKind: 'expired' };
    const actor = createActor(machine, { input: { resume: null }, snapshot: machine.resolveState({ value: 'timedOut', context: waited }) }).start();
    show(actor, 'wechat');

    expect(screen.getByRole('alert')).toHaveTextContent(
      'No payment arrived while this page was waiting. If you paid, check again; otherwise get a new code.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('expired');
    expect(screen.getByRole('button', { name: 'Get a new code' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(checkOrder).toHaveBeenCalledWith({ orderNo: 'NB1' }, expect.any(AbortSignal));
    actor.stop();
  });

  it('while the code shows, says until when the page waits, not until when the code works', () => {
    const { actors, actions } = fakes();
    const machine = wechatPaymentMachine.provide({ actors, actions });
    // The order holds when the page stops waiting (the wiring caps the code's own expiry at 15 minutes): 2:35 PM,
    // in the reader's time zone whatever it is.
    const waitEnds = new Date(2026, 10, 27, 14, 35).toISOString();
    const context: PaymentContext = { ...stopped, order: { ...order, expireTime: waitEnds } };
    const actor = createActor(machine, {
      input: { resume: null },
      snapshot: machine.resolveState({ value: { awaitingScan: 'polling' }, context }),
    }).start();
    show(actor, 'wechat');
    // English writes a narrow no-break space before PM; \s matches it and a plain space alike.
    expect(screen.getByText(/^This page waits for your payment until 2:35\sPM\.$/)).toBeInTheDocument();
    actor.stop();
  });
});

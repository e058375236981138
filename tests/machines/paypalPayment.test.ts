import { expect, it } from 'vitest';
import { ORDER_POLLING } from '../../machines/payment.shared';
import { paypalPaymentMachine } from '../../machines/paypalPayment.machine';
import { describeMachinePaths, done, failure } from './pathRunner';
import {
  assertConfirmTimings,
  assertPaymentStep,
  laterRefused,
  offline,
  paymentEvents,
  paymentGraphKey,
  paymentPaths,
  statusAnswers,
  testKeyActions,
} from './paymentModel';

const created = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', paypalOrderId: 'PP-1' } } as const;
const declined = new Error('Instrument declined');

const events = paymentEvents({
  created: [created],
  handOff: [
    done('approveInPaypal', 'approved'),
    done('approveInPaypal', 'cancelled'),
    failure('approveInPaypal', declined),
    ...statusAnswers.map((answer) => done('captureOrder', answer)),
    done('captureOrder', laterRefused),
    failure('captureOrder', offline),
  ],
});
const paypalOrder = { orderNo: 'ord-1', checkoutUrl: null, paypalOrderId: 'PP-1', codeUrl: null, expireTime: null };

describeMachinePaths('paypalPayment machine', {
  machine: paypalPaymentMachine.provide({ actions: testKeyActions }),
  ...paymentPaths([[created, 'created']]),
  events,
  // Guards also read whether a saved method pays.
  serializeContext: (context) => ({ ...paymentGraphKey(context), hasVault: context.vaultId !== null }),
  maxSimplePaths: 80,
  assertState: (snapshot, step) => {
    const { event, stepCalls, stepInvocations } = step;
    const { context, is, was, entered } = assertPaymentStep(snapshot, step, {
      handOff: ['awaitingApproval', 'capturing'],
      busy: ['capturing'],
      retriesTimedOut: false,
      // Confirming polls the order it knows until a settled status, the time-out, or too many failures in a row.
      polling: [{ state: 'confirming', policy: ORDER_POLLING, stoppedAfterErrors: 'stoppedAfterErrors', timedOut: 'timedOut' }],
      // PayPal's own message.
      failureReasons: ['xstate.error.actor.approveInPaypal'],
    });

    // PayPal gets both order numbers; the order is remembered exactly when it goes to PayPal: to the buyer for
    // approval, or, paid with a saved method (vault), straight to capture.
    const remembered = stepCalls('rememberPendingOrder');
    const sentWithVault = entered('capturing') && was('creatingOrder');
    expect(remembered).toHaveLength(entered('awaitingApproval') || sentWithVault ? 1 : 0);
    if (sentWithVault) {
      expect(context.vaultId).not.toBeNull();
      expect(remembered[0]?.context).toMatchObject({ order: paypalOrder, vaultId: context.vaultId });
    }
    if (entered('awaitingApproval')) expect(context.vaultId).toBeNull();
    expect(stepInvocations('approveInPaypal').map((invocation) => invocation.input)).toEqual(
      entered('awaitingApproval') ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1' }] : [],
    );
    if (entered('awaitingApproval')) {
      expect(context.order).toEqual(paypalOrder);
      expect(remembered[0]?.context).toMatchObject({ order: paypalOrder, packageId: context.packageId });
    }
    expect(stepInvocations('captureOrder').map((invocation) => invocation.input)).toEqual(
      entered('capturing') ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1' }] : [],
    );
    if (event.type === 'xstate.done.actor.approveInPaypal') expect(is(event.output === 'approved' ? 'capturing' : 'cancelled')).toBe(true);
    if (event.type === 'xstate.error.actor.approveInPaypal') {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: declined.message, errorKind: 'server', order: paypalOrder });
    }

    // A final capture answer settles it; anything else is asked about, never assumed.
    if (event.type === 'xstate.done.actor.captureOrder') {
      const status = event.output.code === 200 ? event.output.data.status : null;
      expect(is(status === 'paid' ? 'paid' : status === null || status === 'pending' ? 'confirming' : 'failed')).toBe(true);
    }
    if (event.type === 'xstate.error.actor.captureOrder') expect(is('confirming')).toBe(true);
    if (event.type === 'xstate.done.actor.createOrder' && event.output === created)
      expect(is(context.vaultId === null ? 'awaitingApproval' : 'capturing')).toBe(true);
  },
});

it('paypalPayment machine: checks at once, after 2 s, then less often as nothing settles, for at most a minute', async () => {
  await assertConfirmTimings(paypalPaymentMachine);
});

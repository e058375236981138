/**
 * The checkout reads what the buyer is doing through paymentSelectors.phase: for every state of every provider's
 * chart, the phase is that state's top-level name, whether the state is atomic or polls in substates.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateNode, StateValue } from 'xstate';
import { initialPaymentContext } from '../../../machines/payment.shared';
import { paypalPaymentMachine } from '../../../machines/paypalPayment.machine';
import { creemPaymentMachine } from '../../../machines/redirectPayment.machine';
import { wechatPaymentMachine } from '../../../machines/wechatPayment.machine';
import { PAYMENT_PHASES, paymentSelectors, type PaymentSnapshotView } from '../../../src/actors/payments';

/** Every leaf of `node` as a state value (e.g. 'paid' or { awaitingScan: 'checking' }), with its top-level name. */
function leaves(node: StateNode): Array<{ name: string; value: StateValue }> {
  return Object.entries(node.states).flatMap(([name, child]): Array<{ name: string; value: StateValue }> => {
    const subs = Object.keys(child.states);
    return subs.length === 0 ? [{ name, value: name }] : subs.map((sub) => ({ name, value: { [name]: sub } }));
  });
}

describe('paymentSelectors.phase', () => {
  for (const machine of [creemPaymentMachine, paypalPaymentMachine, wechatPaymentMachine] as AnyStateMachine[]) {
    it(`${machine.id}: each state reads as its top-level name`, () => {
      for (const { name, value } of leaves(machine.root)) {
        const snapshot = machine.resolveState({ value, context: initialPaymentContext({ resume: null }) }) as unknown as PaymentSnapshotView;
        expect(paymentSelectors.phase(snapshot), JSON.stringify(value)).toBe(name);
      }
      // Every top-level state of the chart is a phase the view knows.
      expect(PAYMENT_PHASES).toEqual(expect.arrayContaining(Object.keys(machine.root.states)));
    });
  }

  it('reads the tags the view locks and words by', () => {
    const choosing = creemPaymentMachine.resolveState({ value: 'choosingPackage', context: initialPaymentContext({ resume: null }) });
    const stopped = wechatPaymentMachine.resolveState({
      value: { awaitingScan: 'stoppedAfterErrors' },
      context: initialPaymentContext({ resume: null }),
    });
    expect([paymentSelectors.isChoosing(choosing), paymentSelectors.checksStopped(choosing)]).toEqual([true, false]);
    expect([paymentSelectors.isChoosing(stopped), paymentSelectors.checksStopped(stopped)]).toEqual([false, true]);
  });

  it("reads where the buyer is in PayPal from the chart's tags: approving, the capture, or choosing another funding source", () => {
    const at = (step: string) =>
      paypalPaymentMachine.resolveState({
        value: { payingInPaypal: step },
        context: initialPaymentContext({ resume: null }),
      }) as unknown as PaymentSnapshotView;
    expect(paymentSelectors.paypalStep(at('awaitingApproval'))).toBe('approving');
    expect(paymentSelectors.paypalStep(at('capturingWhilePaypalWaits'))).toBe('capturing');
    expect(paymentSelectors.paypalStep(at('choosingAnotherFundingSource'))).toBe('fundingDeclined');
  });
});

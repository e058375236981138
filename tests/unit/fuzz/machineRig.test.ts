// @vitest-environment node
/**
 * The fuzz rig's reference check can fail: a machine whose actor goes where its chart does not is caught, by the
 * check itself and by a whole fuzzed run, while the same chart done right passes.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { fuzzTarget, planArbitrary, runPlan, sendAndFollowChart } from './machineRig';

/** A tally of notes: ADD counts one, and the `note` action records it. */
function tallyMachine(note: (context: { count: number; notes: string[] }) => void) {
  return setup({
    types: { context: {} as { count: number; notes: string[] }, events: {} as { type: 'ADD' } | { type: 'CLOSE' } },
    actions: { note: ({ context }) => note(context) },
  }).createMachine({
    id: 'tally',
    context: { count: 0, notes: [] },
    initial: 'open',
    states: {
      open: { on: { ADD: { actions: [assign({ count: ({ context }) => context.count + 1 }), 'note'] }, CLOSE: 'closed' } },
      closed: {},
    },
  });
}

// Broken: the action changes the context in place, which the chart (its assigns) never says.
const inPlace = tallyMachine((context) => void context.notes.push('added'));
// Right: the action only reads.
const readOnly = tallyMachine(() => undefined);

describe('the fuzz rig checks each event against the chart', () => {
  it('fails an actor that is not where its chart says the event leads', () => {
    const actor = createActor(inPlace).start();
    expect(() => sendAndFollowChart(actor, { type: 'ADD' }, 'first ADD')).toThrow(
      'first ADD: tally is not where its chart takes ADD from "open":\n' +
        '  chart: {"status":"active","value":"open","context":{"count":1,"notes":[]}}\n' +
        '  actor: {"status":"active","value":"open","context":{"count":1,"notes":["added"]}}',
    );
  });

  it('passes the same chart done right, through every event', () => {
    const actor = createActor(readOnly).start();
    sendAndFollowChart(actor, { type: 'ADD' }, 'ADD');
    sendAndFollowChart(actor, { type: 'CLOSE' }, 'CLOSE');
    sendAndFollowChart(actor, { type: 'ADD' }, 'ADD when closed');
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.count).toBe(1);
  });

  it('fails a fuzzed run of the broken machine, which never errors and always rests in a named state', async () => {
    const spec = { events: { ADD: fc.constant({}), CLOSE: fc.constant({}) }, outputs: {} };
    const fuzz = (machine: typeof inPlace) =>
      fc.assert(fc.asyncProperty(planArbitrary(fuzzTarget(machine, spec), 10), (plan) => runPlan(fuzzTarget(machine, spec), plan)));
    // fast-check reports the counterexample, and the check's own error as the cause.
    const failure: unknown = await fuzz(inPlace).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure instanceof Error && String(failure.cause)).toMatch(/tally is not where its chart takes ADD from "open"/);
    await fuzz(readOnly);
  });
});

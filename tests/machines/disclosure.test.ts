import { expect } from 'vitest';
import { disclosureMachine } from '../../machines/disclosure.machine';
import { describeMachinePaths } from './pathRunner';

describeMachinePaths('disclosure machine', {
  machine: disclosureMachine,
  events: [{ type: 'TOGGLE' }, { type: 'CLOSE' }],
  assertState: (snapshot, { event, previous }) => {
    const open = snapshot.matches('open');
    expect(snapshot.hasTag('open')).toBe(open);
    // CLOSE always leaves it closed; TOGGLE flips it.
    if (event.type === 'CLOSE') expect(open).toBe(false);
    if (event.type === 'TOGGLE') expect(open).toBe(previous?.matches('open') !== true);
  },
});

import { expect, it } from 'vitest';
import { pageProgressMachine } from '../../machines/pageProgress.machine';
import { after, describeMachinePaths } from './pathRunner';

describeMachinePaths('pageProgress machine', {
  machine: pageProgressMachine,
  events: [
    { type: 'START' },
    { type: 'DONE' },
    { type: 'FAIL' },
    after('HIDE_AFTER_DONE', 'pageProgress.done'),
    after('HIDE_AFTER_FAILURE', 'pageProgress.failed'),
  ],
  assertState: (snapshot, { event, previous }) => {
    const visible = snapshot.hasTag('visible');
    expect(visible, 'the bar shows whenever not idle').toBe(!snapshot.matches('idle'));
    expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));
    if (event.type === 'xstate.after.HIDE_AFTER_DONE.pageProgress.done') expect(previous?.matches('done')).toBe(true);
  },
});

// Replay fires each delay at exactly its configured length; this pins the lengths themselves.
it('pageProgress machine: the bar hides 300 ms after a page loads and 2 s after it fails', () => {
  expect(pageProgressMachine.implementations.delays).toEqual({ HIDE_AFTER_DONE: 300, HIDE_AFTER_FAILURE: 2000 });
});

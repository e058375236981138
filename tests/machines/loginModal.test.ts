import { expect } from 'vitest';
import { loginModalMachine } from '../../machines/loginModal.machine';
import { describeMachinePaths } from './pathRunner';

describeMachinePaths('loginModal machine', {
  machine: loginModalMachine,
  events: [
    { type: 'OPEN' },
    { type: 'OPEN', view: 'signUp', email: 'ada@example.com' },
    { type: 'OPEN', view: 'signIn', keepPage: true },
    { type: 'ACCOUNT_CREATED' },
    { type: 'CLOSE' },
    { type: 'SIGNED_IN' },
    { type: 'SWITCH_VIEW', view: 'resetPassword' },
    { type: 'SHOW_VERIFY' },
    { type: 'VERIFY_DONE' },
  ],
  // The e-mail prefill only matters to views; leaving it out keeps the graph to the modal's shape.
  serializeContext: (context) => ({ view: context.view, keepPage: context.keepPage }),
  // Whether the page is kept doubles the graph; shortest paths and a bounded set of simple ones cover it.
  maxSimplePaths: 40,
  receivers: ['login'],
  assertState: (snapshot, { event, previous, stepCalls, stepReceived }) => {
    expect(snapshot.hasTag('open')).toBe(snapshot.matches('open'));
    expect(snapshot.hasTag('verify')).toBe(snapshot.matches({ open: 'verify' }));

    if (event.type === 'OPEN' && (previous?.matches('closed') || previous?.matches({ open: 'initial' }))) {
      expect(snapshot.context.view).toBe(event.view ?? 'signIn');
      expect(snapshot.context.email).toBe(event.email ?? previous.context.email);
      // Each opening says afresh whether its page holds work to keep.
      expect(snapshot.context.keepPage).toBe(event.keepPage ?? false);
    }
    // A new account goes to its welcome, in whatever state the modal is, unless it was opened over work to keep.
    expect(stepCalls('showWelcome')).toHaveLength(event.type === 'ACCOUNT_CREATED' && !snapshot.context.keepPage ? 1 : 0);
    if (event.type === 'ACCOUNT_CREATED') expect(snapshot.value).toEqual(previous?.value);
    if (event.type === 'SWITCH_VIEW' && previous?.matches('open')) {
      expect(snapshot.matches({ open: 'initial' })).toBe(true);
      expect(snapshot.context.view).toBe(event.view);
      // No e-mail in the event: the prefill carries over.
      expect(snapshot.context.email).toBe(previous.context.email);
    }
    // Closing the open modal cancels the login flow (a bot check in progress is abandoned); nothing else tells it.
    expect(stepReceived('login')).toEqual(event.type === 'CLOSE' && previous?.matches('open') ? [{ type: 'CANCEL' }] : []);
  },
});

import { setup } from 'xstate';

export type DisclosureEvent =
  /** The disclosure's own button: opens it when closed, closes it when open. */
  | { type: 'TOGGLE' }
  /** Escape, a link followed, a press outside: whatever should put it away. */
  | { type: 'CLOSE' };

/**
 * A panel shown and hidden by its button (the header's menu on a phone): closed or open. What closes it besides
 * its button is the view's to notice (Escape, a page change); the answer is always closed.
 */
export const disclosureMachine = setup({
  types: {} as { events: DisclosureEvent },
}).createMachine({
  id: 'disclosure',
  initial: 'closed',
  states: {
    closed: {
      on: { TOGGLE: 'open' },
    },
    open: {
      tags: 'open',
      on: {
        TOGGLE: 'closed',
        CLOSE: 'closed',
      },
    },
  },
});

import { assign, setup } from 'xstate';

/** The item is unknown here: each use knows what it shows and its view narrows it. */
export interface DetailsDialogContext {
  item: unknown;
}

export type DetailsDialogEvent = { type: 'OPEN'; item: unknown } | { type: 'CLOSE' };

/**
 * A dialog that shows one item of a list in full (a generation of history): closed, or open on an item.
 * Opening another item while open shows that one instead.
 */
export const detailsDialogMachine = setup({
  types: {} as { context: DetailsDialogContext; events: DetailsDialogEvent },
  actions: {
    showItem: assign({ item: ({ context, event }) => (event.type === 'OPEN' ? event.item : context.item) }),
    forgetItem: assign({ item: null }),
  },
}).createMachine({
  id: 'detailsDialog',
  context: { item: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: 'showItem' } },
    },
    open: {
      tags: 'open',
      on: {
        OPEN: { actions: 'showItem' },
        CLOSE: { target: 'closed', actions: 'forgetItem' },
      },
    },
  },
});

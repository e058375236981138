import { assign, setup } from 'xstate';

/** Typed by what the dialog shows: `item` is the one open, null while closed. */
export interface DetailsDialogContext<TItem = unknown> {
  item: TItem | null;
}

export type DetailsDialogEvent<TItem = unknown> = { type: 'OPEN'; item: TItem } | { type: 'CLOSE' };

/**
 * A dialog that shows one item of a list in full (a generation of history): closed, or open on an item.
 * Opening another item while open shows that one instead. One chart for every such dialog; the factory types
 * its item, so views select it without narrowing.
 */
export const detailsDialogMachineFor = <TItem>() =>
  setup({
    types: {} as { context: DetailsDialogContext<TItem>; events: DetailsDialogEvent<TItem> },
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

/** The chart as the catalogue, the explorer and the model tests see it: any item. */
export const detailsDialogMachine = detailsDialogMachineFor<unknown>();

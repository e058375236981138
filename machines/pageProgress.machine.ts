import { setup } from 'xstate';

export type PageProgressEvent = { type: 'START' } | { type: 'DONE' } | { type: 'FAIL' };

/** The page-load progress bar: shown while a page loads, briefly after it finishes, longer after it fails. */
export const pageProgressMachine = setup({
  types: {} as { events: PageProgressEvent },
  delays: {
    HIDE_AFTER_DONE: 300,
    HIDE_AFTER_FAILURE: 2000,
  },
}).createMachine({
  id: 'pageProgress',
  initial: 'idle',
  states: {
    idle: {
      on: { START: 'loading' },
    },
    loading: {
      tags: 'visible',
      on: {
        // A new navigation while one is loading starts the bar over.
        START: { target: 'loading', reenter: true },
        DONE: 'done',
        FAIL: 'failed',
      },
    },
    done: {
      tags: 'visible',
      after: { HIDE_AFTER_DONE: 'idle' },
      on: { START: 'loading' },
    },
    failed: {
      tags: ['visible', 'failed'],
      after: { HIDE_AFTER_FAILURE: 'idle' },
      on: { START: 'loading' },
    },
  },
});

import { assign, sendTo, setup } from 'xstate';
import { globalActor } from './globalActors';

export type LoginModalView = 'signIn' | 'signUp' | 'resetPassword';

export interface LoginModalContext {
  view: LoginModalView;
  /** Carried between views so the visitor types the address once. */
  email: string;
}

export type LoginModalEvent =
  | { type: 'OPEN'; view?: LoginModalView; email?: string }
  | { type: 'CLOSE' }
  | { type: 'SIGNED_IN' }
  | { type: 'SWITCH_VIEW'; view: LoginModalView; email?: string }
  | { type: 'SHOW_VERIFY' }
  | { type: 'VERIFY_DONE' };

export const loginModalMachine = setup({
  types: {} as { context: LoginModalContext; events: LoginModalEvent },
  actions: {
    // Closing the modal abandons a bot check in progress, so the login flow does not wait forever.
    cancelLogin: sendTo(globalActor('login'), { type: 'CANCEL' }),
    showRequestedView: assign(({ context, event }) => {
      if (event.type === 'OPEN') return { view: event.view ?? 'signIn', email: event.email ?? context.email };
      if (event.type === 'SWITCH_VIEW') return { view: event.view, email: event.email ?? context.email };
      return {};
    }),
  },
}).createMachine({
  id: 'loginModal',
  context: { view: 'signIn', email: '' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { target: 'open', actions: 'showRequestedView' },
        // The login flow may ask for a bot check (e.g. Google one-tap) while the modal is closed.
        SHOW_VERIFY: 'open.verify',
      },
    },
    open: {
      tags: 'open',
      initial: 'initial',
      states: {
        initial: {
          on: { OPEN: { actions: 'showRequestedView' } },
        },
        verify: {
          tags: 'verify',
        },
      },
      on: {
        // Tells the login flow, so a pending bot check is abandoned rather than left waiting.
        CLOSE: { target: 'closed', actions: 'cancelLogin' },
        SIGNED_IN: 'closed',
        SWITCH_VIEW: { target: '.initial', actions: 'showRequestedView' },
        SHOW_VERIFY: '.verify',
        VERIFY_DONE: '.initial',
      },
    },
  },
});

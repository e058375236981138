import { assign, not, sendTo, setup } from 'xstate';
import { globalActor } from './globalActors';
import { notProvidedAction } from './notProvided';

type LoginModalView = 'signIn' | 'signUp' | 'resetPassword';

export interface LoginModalContext {
  view: LoginModalView;
  /** Carried between views so the visitor types the address once. */
  email: string;
  /**
   * Whether the page that opened the modal holds the visitor's work (the playground's form asking to sign in on
   * Generate): an account made then stays on that page instead of going to its welcome.
   */
  keepPage: boolean;
}

export type LoginModalEvent =
  | { type: 'OPEN'; view?: LoginModalView; email?: string; keepPage?: boolean }
  | { type: 'CLOSE' }
  | { type: 'SIGNED_IN' }
  | { type: 'SWITCH_VIEW'; view: LoginModalView; email?: string }
  | { type: 'SHOW_VERIFY' }
  | { type: 'VERIFY_DONE' }
  // The login flow made a new account (from this modal, One Tap or a social button).
  | { type: 'ACCOUNT_CREATED' };

export const loginModalMachine = setup({
  types: {} as { context: LoginModalContext; events: LoginModalEvent },
  actions: {
    // Closing the modal abandons a bot check in progress, so the login flow does not wait forever.
    cancelLogin: sendTo(globalActor('login'), { type: 'CANCEL' }),
    // A new account lands on its welcome: the primary key, the free credits and the next steps.
    showWelcome: notProvidedAction('showWelcome'),
    showRequestedView: assign(({ context, event }) => {
      if (event.type === 'OPEN') return { view: event.view ?? 'signIn', email: event.email ?? context.email, keepPage: event.keepPage ?? false };
      if (event.type === 'SWITCH_VIEW') return { view: event.view, email: event.email ?? context.email };
      return {};
    }),
  },
  guards: {
    keepsPage: ({ context }) => context.keepPage,
  },
}).createMachine({
  id: 'loginModal',
  context: { view: 'signIn', email: '', keepPage: false },
  initial: 'closed',
  // The one decision after a sign-up: the welcome, unless the modal was opened over work the page holds.
  on: {
    ACCOUNT_CREATED: { guard: not('keepsPage'), actions: 'showWelcome' },
  },
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

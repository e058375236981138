import { setup, type InputFrom } from 'xstate';
import { userMachine } from './user.machine';
import { loginMachine } from './login.machine';
import { loginModalMachine } from './loginModal.machine';
import { themeMachine } from './theme.machine';
import { localeMachine } from './locale.machine';
import { pageProgressMachine } from './pageProgress.machine';
import { googleOneTapMachine } from './googleOneTap.machine';
import { earlyRenewalMachine } from './earlyRenewal.machine';

export interface AppInput {
  user: InputFrom<typeof userMachine>;
  theme: InputFrom<typeof themeMachine>;
  locale: InputFrom<typeof localeMachine>;
}

/**
 * The root of the running app: it starts the global actors once and gives each a systemId, so they can
 * message each other through the actor system (the login flow tells `user` and `loginModal` what happened)
 * and views reach them through one React context.
 */
export const appMachine = setup({
  types: {} as { input: AppInput; context: AppInput },
  actors: {
    user: userMachine,
    login: loginMachine,
    loginModal: loginModalMachine,
    theme: themeMachine,
    locale: localeMachine,
    pageProgress: pageProgressMachine,
    googleOneTap: googleOneTapMachine,
    earlyRenewal: earlyRenewalMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  initial: 'running',
  states: {
    running: {
      // In this order: an actor's first messages are addressed as it starts, so their receivers come before it
      // (the user actor tells One Tap and the renewal offer about the session it starts with).
      invoke: [
        { id: 'googleOneTap', systemId: 'googleOneTap', src: 'googleOneTap' },
        { id: 'earlyRenewal', systemId: 'earlyRenewal', src: 'earlyRenewal' },
        { id: 'loginModal', systemId: 'loginModal', src: 'loginModal' },
        { id: 'login', systemId: 'login', src: 'login' },
        { id: 'user', systemId: 'user', src: 'user', input: ({ context }) => context.user },
        { id: 'theme', systemId: 'theme', src: 'theme', input: ({ context }) => context.theme },
        { id: 'locale', systemId: 'locale', src: 'locale', input: ({ context }) => context.locale },
        { id: 'pageProgress', systemId: 'pageProgress', src: 'pageProgress' },
      ],
    },
  },
});

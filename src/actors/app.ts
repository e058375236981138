import { createActor, fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import type { userMachine } from '../../machines/user.machine';
import { loginModalMachine } from '../../machines/loginModal.machine';
import { themeMachine } from '../../machines/theme.machine';
import { localeMachine } from '../../machines/locale.machine';
import { pageProgressMachine } from '../../machines/pageProgress.machine';
import { userLogic } from './user';
import { loginLogic } from './login';
import { readStoredLogin } from '../services/session';
import { applyTheme, persistTheme, readStoredTheme, systemPrefersDark, watchSystemTheme } from '../services/theme';
import { activateLocale, initialLocale, loadCatalog, persistLocale } from '../i18n/catalog';

const themeLogic = themeMachine.provide({
  actions: {
    persistTheme: (_, params) => persistTheme(params.choice),
    applyTheme: (_, params) => applyTheme(params.resolved),
  },
  actors: {
    watchSystemTheme: fromCallback(({ sendBack }) => watchSystemTheme((dark) => sendBack({ type: 'SYSTEM_THEME_CHANGED', dark }))),
  },
});

const localeLogic = localeMachine.provide({
  actors: { loadCatalog: fromPromise(({ input }) => loadCatalog(input.locale)) },
  actions: {
    activateLocale: (_, params) => activateLocale(params.locale),
    persistLocale: (_, params) => persistLocale(params.locale),
  },
});

export const appLogic = appMachine.provide({
  actors: {
    user: userLogic,
    login: loginLogic,
    loginModal: loginModalMachine.provide({
      actions: {
        // Closing the modal abandons a bot check in progress, so the login flow does not wait forever.
        notifyClosed: ({ system }) => system.get('login')?.send({ type: 'CANCEL' }),
      },
    }),
    theme: themeLogic,
    locale: localeLogic,
    pageProgress: pageProgressMachine,
  },
});

export type AppActor = ActorRefFrom<typeof appLogic>;
export type UserActor = ActorRefFrom<typeof userMachine>;
export type LoginModalActor = ActorRefFrom<typeof loginModalMachine>;
export type ThemeActor = ActorRefFrom<typeof themeMachine>;
export type LocaleActor = ActorRefFrom<typeof localeMachine>;
export type PageProgressActor = ActorRefFrom<typeof pageProgressMachine>;

/** Starts the global actors once, at boot. */
export function startApp(options: { inspect?: (event: InspectionEvent) => void } = {}): AppActor {
  const actor = createActor(appLogic, {
    input: {
      user: { readStoredLogin },
      theme: { stored: readStoredTheme(), systemPrefersDark: systemPrefersDark() },
      locale: { initial: initialLocale() },
    },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  actor.start();
  return actor;
}

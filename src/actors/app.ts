import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { appMachine } from '../../machines/app.machine';
import type { userMachine } from '../../machines/user.machine';
import { loginModalMachine } from '../../machines/loginModal.machine';
import { themeMachine } from '../../machines/theme.machine';
import { localeMachine } from '../../machines/locale.machine';
import { pageProgressMachine } from '../../machines/pageProgress.machine';
import type { GoogleSignIn } from '../services/socialSignIn';
import { readStoredLogin } from '../services/session';
import { applyTheme, persistTheme, readStoredTheme, systemPrefersDark, watchSystemTheme } from '../services/theme';
import { activateLocale, initialLocale, loadCatalog, persistLocale } from '../i18n/catalog';
import { WELCOME_PATH } from '../domain/accountPages';
import { earlyRenewalLogic, type EarlyRenewalActor } from './earlyRenewal';
import { loginLogic } from './login';
import { createGoogleOneTapLogic } from './googleOneTap';
import { userLogic } from './user';
import type { Inspect } from './inspection';

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

const loginModalLogic = loginModalMachine.provide({
  actions: { showWelcome: () => navigate(WELCOME_PATH) },
});

/** The root machine with every global actor wired to this mode's services. */
export function createAppLogic({ google }: { google: GoogleSignIn | null }) {
  return appMachine.provide({
    actors: {
      user: userLogic,
      login: loginLogic,
      loginModal: loginModalLogic,
      theme: themeLogic,
      locale: localeLogic,
      pageProgress: pageProgressMachine,
      googleOneTap: createGoogleOneTapLogic(google),
      earlyRenewal: earlyRenewalLogic,
    },
  });
}

export type AppActor = ActorRefFrom<ReturnType<typeof createAppLogic>>;
export type UserActor = ActorRefFrom<typeof userMachine>;
export type LoginModalActor = ActorRefFrom<typeof loginModalMachine>;
export type ThemeActor = ActorRefFrom<typeof themeMachine>;
export type LocaleActor = ActorRefFrom<typeof localeMachine>;
export type { EarlyRenewalActor };
export type PageProgressActor = ActorRefFrom<typeof pageProgressMachine>;

/** Starts the global actors once, at boot. */
export function startApp(options: { google: GoogleSignIn | null; pageMessages?: boolean; inspect?: Inspect }): AppActor {
  const actor = createApp(options);
  actor.start();
  return actor;
}

/**
 * The global actors, made but not started: making them computes every initial state, starting them runs their
 * entry actions and invocations. The boot does each in a task of its own.
 */
export function createApp(options: { google: GoogleSignIn | null; pageMessages?: boolean; inspect?: Inspect }): AppActor {
  return createActor(createAppLogic({ google: options.google }), {
    input: {
      user: { readStoredLogin },
      theme: { stored: readStoredTheme(), systemPrefersDark: systemPrefersDark() },
      locale: { initial: initialLocale(), pageMessages: options.pageMessages === true },
    },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
}

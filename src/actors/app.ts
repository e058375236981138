import { createActor, fromCallback, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import type { Inspect } from './inspection';
import type { userMachine } from '../../machines/user.machine';
import { loginModalMachine } from '../../machines/loginModal.machine';
import { themeMachine } from '../../machines/theme.machine';
import { localeMachine } from '../../machines/locale.machine';
import { pageProgressMachine } from '../../machines/pageProgress.machine';
import { userLogic } from './user';
import { createGoogleOneTapLogic } from './googleOneTap';
import type { googleOneTapMachine } from '../../machines/googleOneTap.machine';
import type { GoogleSignIn } from '../services/socialSignIn';
import { loginLogic } from './login';
import { earlyRenewalLogic, type EarlyRenewalActor } from './earlyRenewal';
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

/** The root machine with every global actor wired to this mode's services. */
export function createAppLogic({ google }: { google: GoogleSignIn }) {
  return appMachine.provide({
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
    googleOneTap: createGoogleOneTapLogic(google),
    earlyRenewal: earlyRenewalLogic,
  },
  });
}

export type AppActor = ActorRefFrom<ReturnType<typeof createAppLogic>>;
export type GoogleOneTapActor = ActorRefFrom<typeof googleOneTapMachine>;
export type UserActor = ActorRefFrom<typeof userMachine>;
export type LoginModalActor = ActorRefFrom<typeof loginModalMachine>;
export type ThemeActor = ActorRefFrom<typeof themeMachine>;
export type LocaleActor = ActorRefFrom<typeof localeMachine>;
export type { EarlyRenewalActor };
export type PageProgressActor = ActorRefFrom<typeof pageProgressMachine>;

/** Starts the global actors once, at boot. */
export function startApp(options: { google: GoogleSignIn; inspect?: Inspect }): AppActor {
  const actor = createActor(createAppLogic({ google: options.google }), {
    input: {
      user: { readStoredLogin },
      theme: { stored: readStoredTheme(), systemPrefersDark: systemPrefersDark() },
      locale: { initial: initialLocale() },
    },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  actor.start();
  connectOneTap(actor);
  return actor;
}

/**
 * One Tap shows while the user actor's One Tap flag is on and nobody is signed in, and learns how the
 * login it started ended. Both are facts of other actors, so they are relayed here, where actors meet.
 */
function connectOneTap(app: AppActor): void {
  const { system } = app;
  const oneTap = system.get('googleOneTap') as GoogleOneTapActor | undefined;
  const user = system.get('user') as UserActor | undefined;
  const login = system.get('login') as ActorRefFrom<typeof loginLogic> | undefined;
  if (!oneTap || !user || !login) return;

  // Relay changes only: re-sending PROMPT_ALLOWED on every user snapshot (a credit refresh, the IP country)
  // would bring One Tap back right after the visitor dismissed it.
  let allowed: boolean | null = null;
  const relay = (snapshot: SnapshotFrom<UserActor>) => {
    const next = snapshot.context.oneTap && !snapshot.hasTag('signedIn');
    if (next === allowed) return;
    allowed = next;
    oneTap.send({ type: next ? 'PROMPT_ALLOWED' : 'PROMPT_BLOCKED' });
  };
  user.subscribe(relay);
  // The user as it is now: nothing else may change in it for a while (an anonymous visitor who only reads).
  relay(user.getSnapshot());

  login.subscribe((snapshot) => {
    if (!oneTap.getSnapshot().matches('signingIn') || snapshot.context.request?.kind !== 'google') return;
    if (snapshot.matches('signedIn')) oneTap.send({ type: 'LOGIN_SUCCEEDED' });
    else if (snapshot.matches('failed') || snapshot.matches('idle')) oneTap.send({ type: 'LOGIN_FAILED' });
  });
}

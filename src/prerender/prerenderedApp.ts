import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Messages } from '@lingui/core';
import { createAppLogic, type AppActor } from '../actors/app';
import { userLogic } from '../actors/user';
import { themeMachine } from '../../machines/theme.machine';
import { KEEPS_NOTHING } from '../../machines/user.machine';
import { localeMachine, type LoadCatalogInput } from '../../machines/locale.machine';
import { i18n } from '../i18n/catalog';
import { config } from '../config';
import type { GoogleSignIn, MicrosoftSignIn } from '../services/socialSignIn';
import type { ModeServices } from '../services/ServicesContext';
import type { ResultEnvelope, SessionUser } from '../common/types';

/** The locale every page is prerendered in. Visitors who chose another see their own, rendered in the browser. */
export const PRERENDER_LOCALE = 'en';

/** An actor that never answers: the prerendered app asks nobody anything. */
function neverAnswers<T>() {
  return fromPromise<T>(() => new Promise<T>(() => undefined));
}
const listensToNothing = fromCallback(() => undefined);

/** Google's part as the prerendered page has it: no button, no One Tap (both start in the browser). */
const noGoogle: GoogleSignIn = {
  Button: () => null,
  prompt: () => () => undefined,
};

const noMicrosoft: MicrosoftSignIn = {
  initialize: () => Promise.reject(new Error('Microsoft sign-in runs in the browser, not in a prerendered page.')),
  signIn: () => Promise.reject(new Error('Microsoft sign-in runs in the browser, not in a prerendered page.')),
};

/**
 * The mode services a page is prerendered with. Prerendered HTML has no sign-in widget, bot check or payment
 * on it (they open on demand), so none of these is ever called at build time; the browser brings its own. Which
 * providers there are is the build's, as in the browser (src/main.tsx): the sign-in dialog's copy keeps their
 * buttons' place.
 */
export const prerenderServices: ModeServices = {
  ChallengeWidget: () => null,
  google: config.mode === 'demo' || config.googleClientId ? noGoogle : null,
  microsoft: config.mode === 'demo' || config.microsoftClientId ? noMicrosoft : null,
};

/**
 * The app in the state a page is prerendered in: nobody signed in, English, the system theme (light), no
 * network, no storage, no DOM. The same logic runs at build time (to render the page) and in the browser,
 * where it is the state React hydrates the prerendered HTML against (AppActorContext's `useGlobalSelector`
 * reads it while hydrating): the browser's own app may already know better (a stored session, a dark theme),
 * and shows it right after hydration.
 *
 * `loadMessages` gives the English catalogue: at build time the whole one, in the browser the messages the
 * page was rendered with (embedded in it).
 */
export function startPrerenderedApp(loadMessages: () => Promise<Messages>): AppActor {
  const logic = createAppLogic({ google: noGoogle }).provide({
    actors: {
      user: userLogic.provide({
        actors: {
          fetchUserInfo: neverAnswers<ResultEnvelope<SessionUser>>(),
          logout: neverAnswers<unknown>(),
          lookupIpCountry: neverAnswers<string>(),
          watchOtherTabs: listensToNothing,
        },
        actions: KEEPS_NOTHING,
      }),
      theme: themeMachine.provide({
        actions: { persistTheme: () => undefined, applyTheme: () => undefined },
        actors: { watchSystemTheme: listensToNothing },
      }),
      locale: localeMachine.provide({
        actors: {
          loadCatalog: fromPromise<unknown, LoadCatalogInput>(async () => {
            const messages = await loadMessages();
            i18n.load(PRERENDER_LOCALE, messages);
            return messages;
          }),
        },
        actions: { activateLocale: () => i18n.activate(PRERENDER_LOCALE), persistLocale: () => undefined },
      }),
    },
  });
  const actor = createActor(logic, {
    input: {
      user: { readStoredLogin: () => null },
      theme: { stored: null, systemPrefersDark: false },
      locale: { initial: PRERENDER_LOCALE },
    },
  });
  actor.start();
  return actor;
}

import { fromPromise, type ActorRefFrom } from 'xstate';
import { t } from '@lingui/core/macro';
import { notify } from '../services/notifier';
import { microsoftButtonMachine } from '../../machines/microsoftButton.machine';
import type { MicrosoftSignIn } from '../services/socialSignIn';
import { classifyMicrosoftError, microsoftErrorMessage, MICROSOFT_OUTER_ERROR_MESSAGE } from '../services/microsoft/errors';
import type { loginLogic } from './login';

const LOADING_TOAST_ID = 'microsoft-sign-in';

/**
 * The Microsoft button's statechart wired to a sign-in adapter (MSAL in live mode, the demo picker otherwise).
 * Each button is a local actor with an actor system of its own, so the global login actor is handed in.
 */
export function createMicrosoftButtonLogic(microsoft: MicrosoftSignIn, login: ActorRefFrom<typeof loginLogic>) {
  return microsoftButtonMachine.provide({
    actors: {
      initialize: fromPromise(() => microsoft.initialize()),
      signIn: fromPromise(async () => {
        try {
          return await microsoft.signIn();
        } catch (error) {
          // The statechart branches on `kind`; the message stays for the "other" toast.
          const { kind, message } = classifyMicrosoftError(error);
          throw Object.assign(new Error(message ?? (error instanceof Error ? error.message : String(error))), { kind, cause: error });
        }
      }),
    },
    actions: {
      showLoadingToast: () => {
        notify.loading(t`Signing in with Microsoft…`, { id: LOADING_TOAST_ID });
      },
      dismissLoadingToast: () => notify.dismiss(LOADING_TOAST_ID),
      notifySuccess: ({ event }) => {
        try {
          if (event.type !== 'xstate.done.actor.signIn' || !event.output.idToken) return;
          login.send({ type: 'SUBMIT', request: { kind: 'microsoft', idToken: event.output.idToken } });
        } catch (error) {
          console.error(error);
          notify.error(MICROSOFT_OUTER_ERROR_MESSAGE());
        }
      },
      showError: ({ context, event }) => {
        const message = event.type === 'xstate.error.actor.signIn' && event.error instanceof Error ? event.error.message : undefined;
        const text = microsoftErrorMessage(context.error ?? 'other', message);
        if (text) notify.error(text);
      },
      logInitFailure: ({ event }) => console.error('Microsoft sign-in could not start', 'error' in event ? event.error : event),
      logCancelled: () => console.info('Microsoft sign-in cancelled by the user'),
    },
  });
}

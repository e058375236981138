import { fromPromise, type SnapshotFrom } from 'xstate';
import { t } from '@lingui/core/macro';
import { notify } from '../services/notifier';
import { closeCodeNotice } from '../services/codeNotice';
import { challengeActionOf, type ChallengeAction, type ChallengeEndingFailure } from '../../machines/botCheck';
import { loginMachine } from '../../machines/login.machine';
import type { LoginRequest, ResultEnvelope, LoginSuccess } from '../common/types';
import { googleLogin, login, outlookLogin, register, resetPassword } from '../api/auth';
import { readReferral, clearReferral } from '../services/referral';
import { signUpSuccess } from '../services/analytics';
import { cookiesUsable } from '../services/session';
import { withBalance } from './user';

/** Sends one login-like request; the challenge token rides along on the retry after code 100002. */
async function sendLogin({
  request,
  challengeToken,
}: {
  request: LoginRequest;
  challengeToken: string | null;
}): Promise<ResultEnvelope<LoginSuccess | null>> {
  const challenge = challengeToken ? { turnstileToken: challengeToken } : {};
  switch (request.kind) {
    case 'email':
      return login({ email: request.email, password: request.password, ...challenge });
    case 'register':
      return register({ email: request.email, password: request.password, code: request.code, ...readReferral(), ...challenge });
    case 'resetPassword':
      return resetPassword({ email: request.email, password: request.password, code: request.code, ...challenge }) as Promise<ResultEnvelope<null>>;
    case 'google':
      return googleLogin({ credential: request.credential, nonce: request.nonce, ...readReferral(), ...challenge });
    case 'microsoft':
      return outlookLogin({ credential: request.idToken, ...readReferral(), ...challenge });
  }
}

/**
 * A successful sign-in comes with the balance the task API reports, so the header shows it at once. A browser
 * that blocks this site's cookies is told so before anything is sent: the session could not outlive the page,
 * and every later call would read as an expired login.
 */
async function submitLogin(input: { request: LoginRequest; challengeToken: string | null }): Promise<ResultEnvelope<LoginSuccess | null>> {
  if (input.request.kind !== 'resetPassword' && !cookiesUsable()) {
    // Told here, as the API client tells of its own failures: the machine's error path shows nothing more.
    const message = t`Your browser blocks cookies for this site, and signing in needs them. Allow cookies for this site, then sign in again.`;
    notify.error(message);
    throw new Error(message);
  }
  const answer = await sendLogin(input);
  if (answer.code !== 200 || answer.data === null) return answer;
  return { ...answer, data: { ...answer.data, userInfo: await withBalance(answer.data.userInfo) } };
}

const signUpMethod = { email: 'Email', register: 'Email', resetPassword: 'Email', google: 'Google', microsoft: 'Microsoft' } as const;

export const loginLogic = loginMachine.provide({
  actors: {
    submitLogin: fromPromise(({ input }) => submitLogin(input)),
  },
  actions: {
    // Telling the user and login modal actors is the machine's own (sendTo); this is what the app adds.
    notifySignedIn: ({ context }) => {
      const result = context.lastResult;
      if (!result) return;
      if (result.isNewUser) {
        signUpSuccess(context.request ? signUpMethod[context.request.kind] : 'Email');
        clearReferral();
        notify.success(t`Welcome! Your account is ready.`);
      } else {
        notify.success(t`Signed in as ${result.userInfo.email}`);
      }
    },
    notifyPasswordReset: () => {
      notify.success(t`Password changed. Sign in with your new password.`);
    },
    closeCodeNotice: (_, { email }) => closeCodeNotice(email),
    showServerMessage: ({ context }) => {
      notify.error(context.error || t`Server exception, please contact customer service or try again later!`);
    },
  },
});

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

type ChallengeView = 'loading' | 'ready' | 'retryingAfterError' | 'refreshingExpired' | 'refreshingTimedOut' | 'failed' | 'retrying';

export const loginSelectors = {
  isBusy: (s: LoginSnapshot) => s.hasTag('busy'),
  /** What the verify step shows: each state of the check as the visitor sees it, or null outside the check. */
  challengeState: (s: LoginSnapshot): ChallengeView | null =>
    s.matches('retrying')
      ? 'retrying'
      : s.matches({ verify: 'challengeFailed' })
        ? 'failed'
        : s.matches({ verify: { challengeShown: 'awaitingToken' } })
          ? 'ready'
          : s.matches({ verify: { challengeShown: 'retryingAfterError' } })
            ? 'retryingAfterError'
            : s.matches({ verify: { challengeShown: 'refreshingExpiredToken' } })
              ? 'refreshingExpired'
              : s.matches({ verify: { challengeShown: 'refreshingTimedOutChallenge' } })
                ? 'refreshingTimedOut'
                : s.matches('verify')
                  ? 'loading'
                  : null,
  /** Whether the widget is on screen (it stays there through what it recovers from by itself). */
  showsChallenge: (s: LoginSnapshot) => s.hasTag('challengeShown'),
  /** What a check that ended asks of the visitor; null while it has not ended. */
  challengeFailure: (s: LoginSnapshot): ChallengeEndingFailure | null =>
    s.matches({ verify: 'challengeFailed' }) ? s.context.challengeFailure : null,
  /** The form the check guards, for the widget's `action`. */
  challengeAction: (s: LoginSnapshot): ChallengeAction | null => (s.context.request ? challengeActionOf(s.context.request) : null),
  requestKind: (s: LoginSnapshot) => s.context.request?.kind ?? null,
};

import { expect } from 'vitest';
import { loginMachine } from '../../machines/login.machine';
import { WIDGET_RETRIES_IN_A_ROW } from '../../machines/botCheck';
import { BOT_CHECK_REQUIRED_CODE, type LoginRequest, type LoginSuccess, type SessionUser } from '../../src/common/types';
import type { AnyEventObject } from 'xstate';
import { defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

const user: SessionUser = { id: 'u-1', email: 'ada@example.com', apiKey: 'sk-1', credits: 10 };
const success: LoginSuccess = { token: 'jwt-1', userInfo: user, isNewUser: false };
const newAccount: LoginSuccess = { token: 'jwt-2', userInfo: { ...user, id: 'u-2', email: 'bob@example.com' }, isNewUser: true };
const emailLogin: LoginRequest = { kind: 'email', email: 'ada@example.com', password: 'secret' };
const reset: LoginRequest = { kind: 'resetPassword', email: 'ada@example.com', password: 'new-secret', code: '123456' };
// Every provider goes through the same flow; each is walked so a provider-specific branch would show.
const register: LoginRequest = { kind: 'register', email: 'bob@example.com', password: 'new-secret', code: '654321' };
const google: LoginRequest = { kind: 'google', credential: 'google-id-token', nonce: 'attempt-nonce' };
const microsoft: LoginRequest = { kind: 'microsoft', idToken: 'microsoft-id-token' };

const signedIn = { code: 200, msg: 'ok', data: success };
const signedUp = { code: 200, msg: 'ok', data: newAccount };
const resetDone = { code: 200, msg: 'ok', data: null };
const botCheck = { code: BOT_CHECK_REQUIRED_CODE, msg: 'Verify you are human', data: null };
const rejected = { code: 400001, msg: 'Wrong e-mail or password', data: null };
const offline = Object.assign(new Error('Network down'), { kind: 'network' });

/** Every answer the server can give, for the first try and for the retry after the bot check. */
const answers = (id: 'submitLogin' | 'retryLogin') => [
  done(id, signedIn),
  done(id, signedUp),
  done(id, resetDone),
  done(id, botCheck),
  done(id, rejected),
  failure(id, offline),
];

const answerNames = new Map<unknown, string>([
  [signedIn, 'signed in'],
  [signedUp, 'new account'],
  [resetDone, 'ok, no token'],
  [botCheck, 'bot check'],
  [rejected, 'rejected'],
]);

function label(event: AnyEventObject): string {
  if (event.type === 'SUBMIT') return `SUBMIT(${String(event.request.kind)})`;
  if (event.type === 'CHALLENGE_SOLVED') return String(event.token).trim() ? 'CHALLENGE_SOLVED' : 'CHALLENGE_SOLVED(empty)';
  const answer = answerNames.get(event.output);
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

describeMachinePaths('login machine', {
  eventLabel: label,
  machine: loginMachine,
  events: [
    { type: 'SUBMIT', request: emailLogin },
    { type: 'SUBMIT', request: reset },
    { type: 'SUBMIT', request: register },
    { type: 'SUBMIT', request: google },
    { type: 'SUBMIT', request: microsoft },
    ...answers('submitLogin'),
    ...answers('retryLogin'),
    { type: 'CHALLENGE_LOADED' },
    // One failure the widget retries by itself, and two that end the check, each with its own advice.
    { type: 'CHALLENGE_ERROR', failure: 'widgetRetries' },
    { type: 'CHALLENGE_ERROR', failure: 'tryAgain' },
    { type: 'CHALLENGE_ERROR', failure: 'clock' },
    { type: 'CHALLENGE_EXPIRED' },
    { type: 'CHALLENGE_TIMEOUT' },
    { type: 'RELOAD_CHALLENGE' },
    { type: 'CHALLENGE_SOLVED', token: ' turnstile-token ' },
    { type: 'CHALLENGE_SOLVED', token: '   ' },
    { type: 'CANCEL' },
    { type: 'RESET' },
  ],
  // Only the kind of request steers the machine (reset vs sign-in); the rest is data the assertions check.
  // The widget's errors in a row steer it too (the last one it may retry ends the check).
  serializeContext: (context) => `${context.request?.kind ?? 'none'}:${context.widgetRetriesInARow}`,
  maxSimplePaths: 150,
  // The global actors it tells what happened, through the actor system.
  receivers: ['user', 'loginModal', 'googleOneTap'],
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations, stepConsoleErrors, stepReceived }) => {
    const { context } = snapshot;
    const enteredState = (state: 'signedIn' | 'failed' | 'idle') => snapshot.matches(state) && !previous?.matches(state);
    const modalGot: unknown[] = [];
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('pending') || snapshot.matches('retrying'));
    expect(snapshot.hasTag('verifying')).toBe(snapshot.matches('verify'));

    // The bot check opens on entering verify and closes on leaving it, once each.
    const enteredVerify = snapshot.matches('verify') && !previous?.matches('verify');
    const leftVerify = !snapshot.matches('verify') && previous?.matches('verify') === true;
    if (leftVerify) modalGot.push({ type: 'VERIFY_DONE' });
    if (enteredVerify) modalGot.push({ type: 'SHOW_VERIFY' });
    if (enteredVerify) expect(snapshot.matches({ verify: { challengeShown: 'loadingChallenge' } })).toBe(true);
    // A fresh widget counts its errors anew.
    if (snapshot.matches({ verify: { challengeShown: 'loadingChallenge' } })) expect(context.widgetRetriesInARow).toBe(0);

    // The widget stays on screen through what it recovers from by itself; only a check that ended takes it down.
    expect(snapshot.hasTag('challengeShown')).toBe(snapshot.matches({ verify: 'challengeShown' }));
    const inCheck = previous?.matches({ verify: 'challengeShown' }) === true;
    if (event.type === 'CHALLENGE_ERROR' && inCheck) {
      const retriedBefore = previous?.context.widgetRetriesInARow ?? 0;
      if (event.failure === 'widgetRetries' && retriedBefore + 1 < WIDGET_RETRIES_IN_A_ROW) {
        expect(snapshot.matches({ verify: { challengeShown: 'retryingAfterError' } })).toBe(true);
        expect(context.widgetRetriesInARow).toBe(retriedBefore + 1);
      } else if (event.failure === 'widgetRetries') {
        // The widget failed and retried as often as it may: the check ends, and a fresh one may pass.
        expect(snapshot.matches({ verify: 'challengeFailed' })).toBe(true);
        expect(context.challengeFailure).toBe('tryAgain');
      } else {
        expect(snapshot.matches({ verify: 'challengeFailed' })).toBe(true);
        expect(context.challengeFailure).toBe(event.failure);
      }
    }
    if (event.type === 'CHALLENGE_EXPIRED' && inCheck) {
      expect(snapshot.matches({ verify: { challengeShown: 'refreshingExpiredToken' } })).toBe(true);
    }
    if (event.type === 'CHALLENGE_TIMEOUT' && inCheck) {
      expect(snapshot.matches({ verify: { challengeShown: 'refreshingTimedOutChallenge' } })).toBe(true);
    }
    if (event.type === 'RELOAD_CHALLENGE' && previous?.matches({ verify: 'challengeFailed' })) {
      expect(snapshot.matches({ verify: { challengeShown: 'loadingChallenge' } })).toBe(true);
    }
    if (snapshot.matches({ verify: 'challengeFailed' })) expect(context.challengeFailure).not.toBeNull();

    if (event.type === 'SUBMIT') {
      expect(snapshot.matches('pending')).toBe(true);
      expect(context).toMatchObject({ request: event.request, error: null, challengeToken: null, challengeFailure: null });
      expect(stepInvocations('submitLogin').map((invocation) => invocation.input)).toEqual([{ request: event.request, challengeToken: null }]);
    }
    if (event.type === 'CHALLENGE_SOLVED') {
      if (event.token.trim() === '') {
        // An empty token never reaches the server.
        expect(snapshot.matches('verify')).toBe(true);
        expect(stepConsoleErrors).toEqual([['Authentication failed']]);
        expect(stepInvocations('retryLogin')).toEqual([]);
      } else {
        expect(snapshot.matches('retrying')).toBe(true);
        expect(context.challengeToken).toBe('turnstile-token');
        expect(stepInvocations('retryLogin').map((invocation) => invocation.input)).toEqual([
          { request: context.request, challengeToken: 'turnstile-token' },
        ]);
        expect(stepConsoleErrors).toEqual([]);
      }
    }

    const enteredSignedIn = snapshot.matches('signedIn') && !previous?.matches('signedIn');
    if (enteredSignedIn) {
      const answer = 'output' in event ? (event.output as { data: LoginSuccess }).data : null;
      expect(context.lastResult).toEqual(answer);
      expect(stepCalls('notifySignedIn')).toHaveLength(1);
      // The user actor gets the session as the server gave it; the modal closes.
      expect(stepReceived('user')).toEqual([{ type: 'SIGNED_IN', token: answer?.token, user: answer?.userInfo, isNewUser: answer?.isNewUser }]);
      modalGot.push({ type: 'SIGNED_IN' });
      // Only a new account is taken to its welcome (the modal decides whether its page is kept); a returning
      // sign-in stays where it was.
      if (answer?.isNewUser) modalGot.push({ type: 'ACCOUNT_CREATED' });
    } else {
      expect(stepCalls('notifySignedIn')).toEqual([]);
      expect(stepReceived('user')).toEqual([]);
    }
    // The e-mailed code's notice closes once the code has made the account or changed the password, for that address.
    const usedCode = context.request?.kind === 'register' || context.request?.kind === 'resetPassword';
    const codeDone = enteredSignedIn || (snapshot.matches('passwordReset') && !previous?.matches('passwordReset'));
    expect(stepCalls('closeCodeNotice').map((call) => call.params)).toEqual(
      codeDone && usedCode && context.request && 'email' in context.request ? [{ email: context.request.email }] : [],
    );
    if (snapshot.matches('passwordReset') && !previous?.matches('passwordReset')) {
      expect(context.request?.kind).toBe('resetPassword');
      expect(stepCalls('notifyPasswordReset')).toHaveLength(1);
      // The modal goes back to the sign-in form, with the address the password was reset for.
      modalGot.push({ type: 'SWITCH_VIEW', view: 'signIn', email: reset.email });
    } else {
      expect(stepCalls('notifyPasswordReset')).toEqual([]);
    }
    expect(stepReceived('loginModal')).toEqual(modalGot);

    // One Tap hears how a Google sign-in ended (signed in; failed, cancelled or reset), and nothing of others.
    const google = context.request?.kind === 'google';
    const oneTapGot =
      google && enteredState('signedIn')
        ? [{ type: 'LOGIN_SUCCEEDED' }]
        : google && (enteredState('failed') || enteredState('idle'))
          ? [{ type: 'LOGIN_FAILED' }]
          : [];
    expect(stepReceived('googleOneTap')).toEqual(oneTapGot);
    if (snapshot.matches('failed') && !previous?.matches('failed')) {
      const fromServer = event.type === 'xstate.done.actor.submitLogin' || event.type === 'xstate.done.actor.retryLogin';
      expect(context.error).toBe(fromServer ? event.output.msg : offline.message);
      // A transport error was already shown by the API client; only a server refusal is shown here.
      expect(stepCalls('showServerMessage')).toHaveLength(fromServer ? 1 : 0);
    } else {
      expect(stepCalls('showServerMessage')).toEqual([]);
    }
    if (event.type === 'CANCEL' || event.type === 'RESET') expect(snapshot.matches('idle')).toBe(true);
  },
});

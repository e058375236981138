import { and, assign, enqueueActions, sendTo, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { BOT_CHECK_REQUIRED_CODE, type LoginRequest, type LoginSuccess, type ResultEnvelope } from '../src/common/types';
import { WIDGET_RETRIES_IN_A_ROW, type ChallengeEndingFailure, type ChallengeFailure } from './botCheck';
import { refusal, rejection, type CallFailure } from './callErrors';
import { globalActor } from './globalActors';
import { notProvidedAction, notProvidedActor } from './notProvided';

interface LoginContext {
  request: LoginRequest | null;
  /** The bot-check token sent with the retry after code 100002. */
  challengeToken: string | null;
  /** Why the last bot check ended without a token; read in verify.challengeFailed. */
  challengeFailure: ChallengeEndingFailure | null;
  /** Errors in a row the widget on screen retried by itself (WIDGET_RETRIES_IN_A_ROW ends the check). */
  widgetRetriesInARow: number;
  error: string | null;
  lastResult: LoginSuccess | null;
}

export interface SubmitLoginInput {
  request: LoginRequest;
  challengeToken: string | null;
}

export type LoginResponse = ResultEnvelope<LoginSuccess | null>;

type LoginEvent =
  | { type: 'SUBMIT'; request: LoginRequest }
  | { type: 'CHALLENGE_LOADED' }
  | { type: 'CHALLENGE_ERROR'; failure: ChallengeFailure }
  /** The widget's token ran out before it was used; the widget refreshes it by itself. */
  | { type: 'CHALLENGE_EXPIRED' }
  /** An interactive challenge was left unsolved too long; the widget offers a fresh one by itself. */
  | { type: 'CHALLENGE_TIMEOUT' }
  | { type: 'RELOAD_CHALLENGE' }
  | { type: 'CHALLENGE_SOLVED'; token: string }
  | { type: 'CANCEL' }
  | { type: 'RESET' }
  // What the invoked login reports, first try and retry; listed so the model test and the fuzz send them with types.
  | DoneActorEvent<LoginResponse, 'submitLogin'>
  | ErrorActorEvent<unknown, 'submitLogin'>
  | DoneActorEvent<LoginResponse, 'retryLogin'>
  | ErrorActorEvent<unknown, 'retryLogin'>;

/** The sign-in an answer carries: code 200 with a token. A password reset answers 200 without one. */
function signedInData(answer: LoginResponse): LoginSuccess | null {
  return answer.code === 200 && answer.data && answer.data.token ? answer.data : null;
}

/** What the sign-in is told: the sign-in itself, read only where isSignedIn let it through. */
function signedInOf(answer: LoginResponse): LoginSuccess {
  const result = signedInData(answer);
  if (!result) throw new Error('login: an answer without a sign-in');
  return result;
}

/** The address an e-mailed code went to, for a request that used one (sign-up, password reset). */
function codeAddressOf(context: LoginContext): string | null {
  const request = context.request;
  return request?.kind === 'register' || request?.kind === 'resetPassword' ? request.email : null;
}

/** The sign-in just stored; only read on the way into signedIn, after setLastResult. */
function lastResultOf(context: LoginContext): LoginSuccess {
  if (!context.lastResult) throw new Error('login: no sign-in to announce');
  return context.lastResult;
}

function isGoogleRequest(context: LoginContext): boolean {
  return context.request?.kind === 'google';
}

/** The request being sent; only reachable after SUBMIT stored it. */
function requestOf(context: LoginContext): LoginRequest {
  if (!context.request) throw new Error('login: no request to submit');
  return context.request;
}

/*
 * The two actions with typed params are typed here, not inferred inside setup: beside the enqueueActions there, an
 * inferred params type is read as unknown in one pass and as itself in the next (TS2719).
 */
const setLastResult = assign<LoginContext, LoginEvent, LoginSuccess, LoginEvent, never>((_, lastResult) => ({ lastResult }));
// Why the call failed (a refused answer or a rejected call), for the view to word.
const setError = assign<LoginContext, LoginEvent, Pick<CallFailure, 'error'>, LoginEvent, never>((_, { error }) => ({ error }));

const loginSetup = setup({
  types: {} as { context: LoginContext; events: LoginEvent },
  actors: {
    submitLogin: notProvidedActor<LoginResponse, SubmitLoginInput>('submitLogin'),
  },
  actions: {
    // Toasts, analytics and the referral: what the app does besides telling the other actors.
    notifySignedIn: notProvidedAction('notifySignedIn'),
    notifyPasswordReset: notProvidedAction('notifyPasswordReset'),
    // The code has done its job once the account is made or the password changed: its notice closes.
    closeCodeNotice: notProvidedAction<{ email: string }>('closeCodeNotice'),
    closeCodeNoticeOfRequest: enqueueActions(({ context, enqueue }) => {
      const email = codeAddressOf(context);
      if (email !== null) enqueue({ type: 'closeCodeNotice', params: { email } });
    }),
    // Messages to the other global actors, sent through the actor system.
    tellUserSignedIn: sendTo(globalActor('user'), ({ context }) => {
      const result = lastResultOf(context);
      return { type: 'SIGNED_IN', token: result.token, user: result.userInfo, isNewUser: result.isNewUser };
    }),
    closeLoginModal: sendTo(globalActor('loginModal'), { type: 'SIGNED_IN' }),
    // A new account is taken to its welcome (the modal knows whether the page it opened over holds work to keep).
    tellModalAccountCreated: sendTo(globalActor('loginModal'), { type: 'ACCOUNT_CREATED' }),
    // After a reset the modal shows the sign-in form, with the address the password was reset for.
    showSignInForm: sendTo(globalActor('loginModal'), ({ context }) => ({
      type: 'SWITCH_VIEW',
      view: 'signIn',
      email: context.request?.kind === 'resetPassword' ? context.request.email : '',
    })),
    openVerify: sendTo(globalActor('loginModal'), { type: 'SHOW_VERIFY' }),
    closeVerify: sendTo(globalActor('loginModal'), { type: 'VERIFY_DONE' }),
    // One Tap waits for the outcome of the Google sign-in it started; other sign-ins are none of its business.
    tellOneTapSignedIn: enqueueActions(({ context, enqueue }) => {
      if (isGoogleRequest(context)) enqueue.sendTo(globalActor('googleOneTap'), { type: 'LOGIN_SUCCEEDED' });
    }),
    tellOneTapNotSignedIn: enqueueActions(({ context, enqueue }) => {
      if (isGoogleRequest(context)) enqueue.sendTo(globalActor('googleOneTap'), { type: 'LOGIN_FAILED' });
    }),
    showServerMessage: notProvidedAction('showServerMessage'),
    logAuthenticationFailed: () => {
      console.error('Authentication failed');
    },
    startRequest: assign({
      request: ({ context, event }) => (event.type === 'SUBMIT' ? event.request : context.request),
      error: null,
      challengeToken: null,
      challengeFailure: null,
    }),
    countWidgetRetry: assign({ widgetRetriesInARow: ({ context }) => context.widgetRetriesInARow + 1 }),
    // A fresh widget, or one that gave a token: its errors are counted anew.
    clearWidgetRetries: assign({ widgetRetriesInARow: 0 }),
    // The widget kept failing and retrying: the check ends, and a fresh one may pass.
    setRetriesExhausted: assign({ challengeFailure: 'tryAgain' as const }),
    setChallengeFailure: assign({
      challengeFailure: ({ context, event }) =>
        event.type === 'CHALLENGE_ERROR' && event.failure !== 'widgetRetries' ? event.failure : context.challengeFailure,
    }),
    setChallengeToken: assign({
      challengeToken: ({ context, event }) => (event.type === 'CHALLENGE_SOLVED' ? event.token.trim() : context.challengeToken),
    }),
    setLastResult,
    setError,
  },
  guards: {
    isPasswordReset: ({ context }, { code }: { code: number | string }) => code === 200 && context.request?.kind === 'resetPassword',
    isSignedIn: (_, answer: LoginResponse) => signedInData(answer) !== null,
    isNewAccount: (_, answer: LoginResponse) => signedInData(answer)?.isNewUser === true,
    needsBotCheck: (_, { code }: { code: number | string }) => code === BOT_CHECK_REQUIRED_CODE,
    hasChallengeToken: ({ event }) => event.type === 'CHALLENGE_SOLVED' && event.token.trim() !== '',
    widgetRetries: ({ event }) => event.type === 'CHALLENGE_ERROR' && event.failure === 'widgetRetries',
    widgetMayRetryAgain: ({ context }) => context.widgetRetriesInARow + 1 < WIDGET_RETRIES_IN_A_ROW,
  },
});

/**
 * Sends the login: `submitLogin` as the visitor submitted it, `retryLogin` again with the bot check's token. Either
 * answer is read the same way: signed in, a password reset, a bot check wanted, or refused.
 */
function sendingLogin(id: 'submitLogin' | 'retryLogin') {
  return loginSetup.createStateConfig({
    tags: 'busy',
    invoke: {
      id,
      src: 'submitLogin',
      input: ({ context }) => ({ request: requestOf(context), challengeToken: id === 'retryLogin' ? context.challengeToken : null }),
      onDone: [
        {
          guard: { type: 'isPasswordReset', params: ({ event }) => ({ code: event.output.code }) },
          target: 'passwordReset',
          actions: ['notifyPasswordReset', 'showSignInForm', 'closeCodeNoticeOfRequest'],
        },
        // The one decision between a new account and a returning sign-in: a returning one stays where it was.
        {
          guard: { type: 'isNewAccount', params: ({ event }) => event.output },
          target: 'signedIn',
          actions: [
            { type: 'setLastResult', params: ({ event }) => signedInOf(event.output) },
            'tellUserSignedIn',
            'closeLoginModal',
            'notifySignedIn',
            'closeCodeNoticeOfRequest',
            'tellModalAccountCreated',
          ],
        },
        {
          guard: { type: 'isSignedIn', params: ({ event }) => event.output },
          target: 'signedIn',
          actions: [
            { type: 'setLastResult', params: ({ event }) => signedInOf(event.output) },
            'tellUserSignedIn',
            'closeLoginModal',
            'notifySignedIn',
            'closeCodeNoticeOfRequest',
          ],
        },
        { guard: { type: 'needsBotCheck', params: ({ event }) => ({ code: event.output.code }) }, target: 'verify' },
        { target: 'failed', actions: [{ type: 'setError', params: ({ event }) => refusal(event.output) }, 'showServerMessage'] },
      ],
      // The API client already told the user what went wrong.
      onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
    },
  });
}

export const loginMachine = loginSetup.createMachine({
  id: 'login',
  context: { request: null, challengeToken: null, challengeFailure: null, widgetRetriesInARow: 0, error: null, lastResult: null },
  initial: 'idle',
  states: {
    // Entered again when a bot check is cancelled or the flow reset: a Google sign-in in flight has ended.
    idle: {
      entry: 'tellOneTapNotSignedIn',
      on: { SUBMIT: { target: 'pending', actions: 'startRequest' } },
    },
    pending: sendingLogin('submitLogin'),
    // The login modal shows the bot check while this state is active.
    verify: {
      tags: 'verifying',
      entry: 'openVerify',
      exit: 'closeVerify',
      initial: 'challengeShown',
      states: {
        /*
         * The widget is on screen. It stays mounted through what it recovers from by itself, as Cloudflare documents
         * Turnstile's defaults: it retries after an error, refreshes an expired token and offers a fresh challenge after
         * a timeout. Taking it down there would cancel that recovery.
         */
        challengeShown: {
          tags: 'challengeShown',
          entry: 'clearWidgetRetries',
          initial: 'loadingChallenge',
          states: {
            loadingChallenge: {
              on: { CHALLENGE_LOADED: 'awaitingToken' },
            },
            awaitingToken: {},
            // A failure the widget retries itself, after its retry interval.
            retryingAfterError: {},
            // The token expired unused; the widget gets a new one (the visitor may be asked again).
            refreshingExpiredToken: {},
            // The visitor took too long on an interactive challenge; the widget shows a fresh one.
            refreshingTimedOutChallenge: {},
          },
          on: {
            CHALLENGE_ERROR: [
              { guard: and(['widgetRetries', 'widgetMayRetryAgain']), target: '.retryingAfterError', actions: 'countWidgetRetry' },
              // It has failed and retried WIDGET_RETRIES_IN_A_ROW times: the check ends; a fresh one may pass.
              { guard: 'widgetRetries', target: 'challengeFailed', actions: 'setRetriesExhausted' },
              { target: 'challengeFailed', actions: 'setChallengeFailure' },
            ],
            CHALLENGE_EXPIRED: '.refreshingExpiredToken',
            CHALLENGE_TIMEOUT: '.refreshingTimedOutChallenge',
            CHALLENGE_SOLVED: [
              { guard: 'hasChallengeToken', target: '#login.retrying', actions: 'setChallengeToken' },
              // An empty token must never reach the server.
              { actions: 'logAuthenticationFailed' },
            ],
          },
        },
        // The check ended without a token: the widget is gone, and the view says what to do (challengeFailure).
        challengeFailed: {
          on: { RELOAD_CHALLENGE: 'challengeShown' },
        },
      },
      on: {
        CANCEL: 'idle',
      },
    },
    retrying: sendingLogin('retryLogin'),
    signedIn: {
      entry: 'tellOneTapSignedIn',
      on: {
        SUBMIT: { target: 'pending', actions: 'startRequest' },
        RESET: 'idle',
      },
    },
    passwordReset: {
      on: {
        SUBMIT: { target: 'pending', actions: 'startRequest' },
        RESET: 'idle',
      },
    },
    failed: {
      entry: 'tellOneTapNotSignedIn',
      on: {
        SUBMIT: { target: 'pending', actions: 'startRequest' },
        RESET: 'idle',
      },
    },
  },
});

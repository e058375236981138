import { describe, expect, it, vi } from 'vitest';
import { createInspector } from '@statelyai/inspect';
import { createActor, fromPromise, type AnyActorLogic, type InputFrom } from 'xstate';
import { discordJoinMachine, type AuthorizeResponse, type AuthorizeUrlResponse } from '../../../machines/discordJoin.machine';
import { emailCodeMachine } from '../../../machines/emailCode.machine';
import { loginMachine, type LoginResponse } from '../../../machines/login.machine';
import type { ResultEnvelope } from '../../../src/common/types';
import { inspectorMode, redactSecrets } from '../../../src/services/inspector';
import { untilOutcome } from '../waits';

/** What Stately's inspector window would receive from an actor of this logic, through the app's serializer. */
async function inspected<TLogic extends AnyActorLogic>(
  logic: TLogic,
  input: InputFrom<TLogic> | undefined,
  drive: (actor: ReturnType<typeof createActor<TLogic>>) => void,
  /** What shows the messages of interest have arrived (the state the actor ends in). */
  until: string,
) {
  const received: unknown[] = [];
  const inspector = createInspector(
    { send: (message: unknown) => void received.push(message), start: () => undefined, stop: () => undefined },
    {
      serialize: (event) => redactSecrets(event),
    },
  );
  const actor = createActor(logic, { ...(input === undefined ? {} : { input }), inspect: inspector.inspect } as Parameters<
    typeof createActor<TLogic>
  >[1]);
  actor.start();
  drive(actor);
  const text = () => JSON.stringify(received);
  // The inspector converts what it is told when the browser is idle.
  await vi.waitFor(() => expect(text()).toContain(until), untilOutcome);
  actor.stop();
  return text();
}

const never = <T>() => new Promise<T>(() => undefined);

describe('the inspector', () => {
  it('starts only when the address asks for it: at once in demo mode and on the dev server (this test build is demo mode)', () => {
    expect(inspectorMode('?inspect')).toBe('start');
    expect(inspectorMode('?demo&inspect=1')).toBe('start');
    expect(inspectorMode('')).toBe('off');
    expect(inspectorMode('?inspector')).toBe('off');
    expect(inspectorMode('?inspect', { live: false, dev: false, enabled: false })).toBe('start');
    // The dev server, against a real API or not: as before.
    expect(inspectorMode('?inspect', { live: true, dev: true, enabled: false })).toBe('start');
  });

  it('in a live build: never without VITE_ENABLE_INSPECTOR=true, and with it only after the visitor says yes', () => {
    expect(inspectorMode('?inspect', { live: true, dev: false, enabled: false })).toBe('off');
    expect(inspectorMode('?inspect', { live: true, dev: false, enabled: true })).toBe('askFirst');
    // The address alone never starts it, whatever else it carries.
    for (const search of ['?inspect=yes', '?inspect&consent=1', '?inspect&inspect', '?inspect=allow-list']) {
      expect(inspectorMode(search, { live: true, dev: false, enabled: true }), search).toBe('askFirst');
    }
    expect(inspectorMode('', { live: true, dev: false, enabled: true })).toBe('off');
  });

  it('never sees a secret: passwords, tokens, keys and credentials are redacted however deep', () => {
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const context = {
      request: { kind: 'email', email: 'ada@example.com', password: 'hunter2' },
      user: { id: 'u1', apiKey: 'nb_secret', credits: 5 },
      token: 'abc',
      turnstileToken: '',
      keys: [{ name: 'Default', apiKey: 'nb_other' }],
      readStoredLogin: () => null,
      actions: ['named', () => undefined],
      cycle,
    };
    expect(redactSecrets(context)).toEqual({
      request: { kind: 'email', email: 'ada@example.com', password: '[redacted]' },
      user: { id: 'u1', apiKey: '[redacted]', credits: 5 },
      token: '[redacted]',
      // Nothing to hide in an empty value: QA sees that no token was given.
      turnstileToken: '',
      keys: [{ name: 'Default', apiKey: '[redacted]' }],
      // Nothing that postMessage could not copy.
      actions: ['named', undefined],
      cycle: { name: 'loop', self: '[…]' },
    });
    // A promise actor's snapshot carries its input: redacted there too.
    expect(redactSecrets({ snapshot: { input: { request: { password: 'x' } }, output: { token: 'y' } } })).toEqual({
      snapshot: { input: { request: { password: '[redacted]' } }, output: { token: '[redacted]' } },
    });
    // The original is untouched.
    expect(context.request.password).toBe('hunter2');
  });

  it('hides one-time codes and OAuth state, but not a code that is a number or a US state', () => {
    expect(
      redactSecrets({
        request: { kind: 'register', email: 'ada@example.com', password: 'p', code: '123456' },
        returned: { kind: 'code', code: 'oauth-code', state: 'oauth-state' },
        oauthCode: 'oauth-code-2',
        expectedState: 'remembered-state',
        authorizeUrl: 'https://discord.com/oauth2/authorize?client_id=1&state=oauth-state&redirect_uri=x',
        back: 'http://localhost:5173/join-discord?code=abc&state=def#top',
        envelope: { code: 200, msg: 'ok', data: null },
        invoice: { country: 'US', state: 'CA', zip: '94105' },
        countryCode: 'US',
        discordError: { kind: 'error', error: 'access_denied' },
        none: { code: null, expectedState: '' },
      }),
    ).toEqual({
      request: { kind: 'register', email: 'ada@example.com', password: '[redacted]', code: '[redacted]' },
      returned: { kind: 'code', code: '[redacted]', state: '[redacted]' },
      oauthCode: '[redacted]',
      expectedState: '[redacted]',
      authorizeUrl: 'https://discord.com/oauth2/authorize?client_id=1&state=[redacted]&redirect_uri=x',
      back: 'http://localhost:5173/join-discord?code=[redacted]&state=[redacted]#top',
      envelope: { code: 200, msg: 'ok', data: null },
      invoice: { country: 'US', state: 'CA', zip: '94105' },
      countryCode: 'US',
      discordError: { kind: 'error', error: 'access_denied' },
      none: { code: null, expectedState: '' },
    });
  });

  it('the Discord join flow: the OAuth code and state never reach the inspector, its states and events do', async () => {
    const OAUTH_CODE = 'discord-code-7f3a9c';
    const STATE = 'c0ffee00c0ffee00c0ffee00deadbeef42';
    const back = await inspected(
      discordJoinMachine.provide({
        actors: { authorize: fromPromise(() => never<AuthorizeResponse>()) },
        actions: { clearReturnParams: () => undefined },
      }),
      { returned: { kind: 'code', code: OAUTH_CODE, state: STATE }, expectedState: STATE, knownInviteUrl: null },
      (actor) => actor.send({ type: 'ACCOUNT_READY', discordUsername: null }),
      '"value":"authorizing"',
    );
    expect(back).toContain('ACCOUNT_READY');
    expect(back).toContain('[redacted]');
    expect(back).not.toContain(OAUTH_CODE);
    expect(back).not.toContain(STATE);

    const leaving = await inspected(
      discordJoinMachine.provide({
        actors: {
          fetchAuthorizeUrl: fromPromise(() =>
            Promise.resolve<AuthorizeUrlResponse>({
              code: 200,
              msg: 'ok',
              data: { url: `https://discord.com/oauth2/authorize?client_id=1&state=${STATE}` },
            }),
          ),
        },
        actions: { rememberRequest: () => undefined, redirectTo: () => undefined },
        guards: { isAllowedAuthorizeUrl: () => true },
      }),
      { returned: null, expectedState: null, knownInviteUrl: null },
      (actor) => {
        actor.send({ type: 'ACCOUNT_READY', discordUsername: null });
        actor.send({ type: 'CONNECT' });
      },
      '"value":"redirecting"',
    );
    expect(leaving).toContain('https://discord.com/oauth2/authorize?client_id=1&state=[redacted]');
    // The API envelope keeps its code.
    expect(leaving).toContain('"code":200');
    expect(leaving).not.toContain(STATE);
  });

  it('the sign-up: the e-mailed code and the password never reach the inspector; the e-mail code sender still reports', async () => {
    const EMAIL_CODE = '480917';
    const signUp = await inspected(
      loginMachine.provide({ actors: { submitLogin: fromPromise(() => never<LoginResponse>()) } }),
      undefined,
      (actor) =>
        actor.send({ type: 'SUBMIT', request: { kind: 'register', email: 'ada@example.com', password: 'hunter2-secret', code: EMAIL_CODE } }),
      '"value":"pending"',
    );
    expect(signUp).toContain('ada@example.com');
    expect(signUp).toContain('"kind":"register"');
    expect(signUp).not.toContain(EMAIL_CODE);
    expect(signUp).not.toContain('hunter2-secret');

    const sender = await inspected(
      emailCodeMachine.provide({
        actors: { sendCode: fromPromise(() => Promise.resolve<ResultEnvelope<unknown>>({ code: 200, msg: 'ok', data: null })) },
        actions: { notifyCodeSent: () => undefined },
      }),
      undefined,
      (actor) => actor.send({ type: 'SEND', email: 'ada@example.com', purpose: 'register' }),
      '"value":"cooldown"',
    );
    expect(sender).toContain('"purpose":"register"');
    expect(sender).toContain('"code":200');
    expect(sender).not.toContain('[redacted]');
  });
});

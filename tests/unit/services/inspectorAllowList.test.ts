import * as fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createInspector } from '@statelyai/inspect';
import { createActor, fromPromise, type AnyActorLogic, type InputFrom } from 'xstate';
import { loginMachine, type LoginResponse } from '../../../machines/login.machine';
import { zipDownloadMachine } from '../../../machines/zipDownload.machine';
import { COUNT_KEYS, REDACTED, WORD_KEYS, redactToAllowList } from '../../../src/services/inspectorAllowList';
import { untilOutcome } from '../waits';

/** What Stately's inspector window would receive from an actor of this logic, through a live build's serializer. */
async function inspected<TLogic extends AnyActorLogic>(
  logic: TLogic,
  drive: (actor: ReturnType<typeof createActor<TLogic>>) => void,
  /** What shows the messages of interest have arrived (the state the actor ends in). */
  until: string,
  input?: InputFrom<TLogic>,
) {
  const received: unknown[] = [];
  const inspector = createInspector(
    { send: (message: unknown) => void received.push(message), start: () => undefined, stop: () => undefined },
    { serialize: (event) => redactToAllowList(event) },
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

/** A snapshot message as @statelyai/inspect hands it to the serializer. */
function snapshotMessage(context: unknown, event: Record<string, unknown> = { type: 'NEXT' }) {
  return {
    type: '@xstate.snapshot',
    event,
    snapshot: { status: 'active', value: { checkout: 'confirming' }, context, children: {}, historyValue: {}, tags: ['busy'] },
    sessionId: 'x:3',
    _version: '0.7.2',
    createdAt: '1767225600000',
    id: null,
    rootId: 'x:0',
  };
}

describe("the inspector's allow-list (a live build)", () => {
  it('sends the chart: state, status, tags, event type, ids; and only words, counts and flags of the data', () => {
    const out = redactToAllowList(
      snapshotMessage(
        {
          request: { kind: 'register', email: 'ada@example.com', password: 'hunter2', code: '480917' },
          order: { orderNo: 'NB-2026-0001', status: 'PENDING', amount: 19.99, currency: 'USD', provider: 'paypal' },
          address: { line1: '1 Infinite Loop', city: 'Cupertino', state: 'CA', zip: '95014' },
          draft: { prompt: 'A portrait of Ada Lovelace', numImages: 4, aspectRatio: '16:9', model: 'nano-banana' },
          items: [{ url: 'https://cdn.example/a.png', name: 'task-1' }],
          index: 2,
          credits: 500,
          envelope: { code: 200, msg: 'ok' },
          sentAt: 1767225600000,
          flags: { busy: true, failed: false, error: null, note: '' },
        },
        { type: 'SUBMIT', request: { kind: 'email', email: 'ada@example.com', password: 'hunter2' } },
      ),
    );
    expect(out).toEqual({
      type: '@xstate.snapshot',
      event: { type: 'SUBMIT', request: { kind: 'email', email: REDACTED, password: REDACTED } },
      snapshot: {
        status: 'active',
        value: { checkout: 'confirming' },
        tags: ['busy'],
        children: {},
        context: {
          request: { kind: 'register', email: REDACTED, password: REDACTED, code: REDACTED },
          order: { orderNo: REDACTED, status: 'PENDING', amount: REDACTED, currency: 'USD', provider: 'paypal' },
          address: { line1: REDACTED, city: REDACTED, state: REDACTED, zip: REDACTED },
          draft: { prompt: REDACTED, numImages: 4, aspectRatio: '16:9', model: 'nano-banana' },
          items: [{ url: REDACTED, name: REDACTED }],
          index: 2,
          credits: REDACTED,
          envelope: { code: 200, msg: REDACTED },
          sentAt: REDACTED,
          // Flags, and an empty value (nothing in it), as they are.
          flags: { busy: true, failed: false, error: null, note: '' },
        },
        input: undefined,
        output: undefined,
        error: undefined,
      },
      sessionId: 'x:3',
      _version: '0.7.2',
      createdAt: '1767225600000',
      id: null,
      rootId: 'x:0',
    });
  });

  it('lets a word through under an allow-listed key only when it is one word: never a sentence, an address or a URL', () => {
    const { snapshot } = redactToAllowList(
      snapshotMessage({
        status: 'paid',
        reason: 'The card was declined by ada@example.com',
        kind: 'ada@example.com',
        type: 'https://evil.example/x',
        provider: '../../etc',
        model: '',
      }),
    ) as { snapshot: { context: unknown } };
    expect(snapshot.context).toEqual({ status: 'paid', reason: REDACTED, kind: REDACTED, type: REDACTED, provider: REDACTED, model: '' });
  });

  it('replaces keys that are not names in code, and what is under them', () => {
    const { snapshot } = redactToAllowList(snapshotMessage({ byEmail: { 'ada@example.com': { credits: 5 }, 'A cat in space': 1, ok: true } })) as {
      snapshot: { context: unknown };
    };
    expect(snapshot.context).toEqual({ byEmail: { [`${REDACTED} 1`]: REDACTED, [`${REDACTED} 2`]: REDACTED, ok: true } });
    expect(JSON.stringify(snapshot)).not.toContain('ada@example.com');
  });

  it("keeps a machine's definition (the code's statechart) and drops fields the inspector does not read", () => {
    const definition = JSON.stringify({ id: 'login', states: { idle: {}, pending: {} } });
    expect(
      redactToAllowList({
        type: '@xstate.actor',
        name: 'login',
        definition,
        sessionId: 'x:1',
        parentId: undefined,
        snapshot: { status: 'active', value: 'idle', context: { email: 'ada@example.com' } },
        extra: 'ada@example.com',
      }),
    ).toEqual({
      type: '@xstate.actor',
      name: 'login',
      definition,
      sessionId: 'x:1',
      parentId: undefined,
      snapshot: expect.objectContaining({ status: 'active', value: 'idle', context: { email: REDACTED } }) as unknown,
    });
    // A message of a kind it does not know, or not a message at all.
    expect(redactToAllowList({ type: 'ada@example.com' })).toEqual({ type: REDACTED });
    expect(redactToAllowList('ada@example.com')).toBe(REDACTED);
  });

  it('cuts cycles and what lies too deep, and leaves functions out', () => {
    const cycle: Record<string, unknown> = { kind: 'loop' };
    cycle.self = cycle;
    let deep: Record<string, unknown> = { secret: 'bottom-secret' };
    for (let level = 0; level < 30; level += 1) deep = { inner: deep };
    const { snapshot } = redactToAllowList(snapshotMessage({ cycle, deep, readStoredLogin: () => 'ada@example.com' })) as {
      snapshot: { context: Record<string, unknown> };
    };
    expect(snapshot.context.cycle).toEqual({ kind: 'loop', self: REDACTED });
    expect(snapshot.context).not.toHaveProperty('readStoredLogin');
    expect(JSON.stringify(snapshot)).not.toContain('bottom-secret');
  });

  describe('whatever the data: no string or number that is not allow-listed ever leaves the page', () => {
    // Secrets that are one word (they would pass under an allow-listed key) and secrets of any text, each unique, so
    // finding one in the output can only mean it leaked.
    let counter = 0;
    const secretWord = fc.stringMatching(/^[a-z0-9]{2,8}$/).map((text) => `zq${++counter}x${text}`);
    const secretText = fc.string({ minLength: 1, maxLength: 20 }).map((text) => `«${++counter}»${text}`);
    const secret = fc.oneof(secretWord, secretText);
    const secretNumber = fc.integer({ min: 1, max: 1_000_000 }).map((value) => 7_000_000_000 + value * 1_000 + (++counter % 1_000));
    /** Keys under which nothing may pass: field names of real data, and any other code name not on the lists. */
    const dataKey = fc
      .oneof(
        fc.constantFrom(
          'email',
          'prompt',
          'address',
          'password',
          'name',
          'msg',
          'url',
          'orderNo',
          'taskId',
          'id',
          'state',
          'value',
          'error',
          'credits',
          'amount',
        ),
        fc.stringMatching(/^[a-z][A-Za-z0-9]{0,10}$/),
      )
      .filter((key) => !WORD_KEYS.has(key) && !COUNT_KEYS.has(key));
    /** Keys that are data themselves: an e-mail address, a sentence. */
    const secretKey = secretText;

    interface Generated {
      value: unknown;
      secrets: Array<string | number>;
    }
    const leaf: fc.Arbitrary<Generated> = fc.oneof(
      secret.map((text) => ({ value: text, secrets: [text] })),
      secretNumber.map((value) => ({ value, secrets: [value] })),
      fc.constantFrom(true, false, null).map((value) => ({ value, secrets: [] })),
    );
    const { tree } = fc.letrec<{ tree: Generated }>((own) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc
          .array(own('tree'), { maxLength: 4 })
          .map((items) => ({ value: items.map((item) => item.value), secrets: items.flatMap((item) => item.secrets) })),
        fc.array(fc.tuple(fc.oneof(dataKey, secretKey), own('tree')), { maxLength: 5 }).map((entries) => ({
          value: Object.fromEntries(entries.map(([key, item]) => [key, item.value])),
          secrets: entries.flatMap(([key, item]) => [...(key.startsWith('«') ? [key] : []), ...item.secrets]),
        })),
      ),
    }));

    it('in a context, an event, an input, an output or an error of any inspection message', () => {
      fc.assert(
        fc.property(tree, tree, tree, fc.constantFrom('@xstate.snapshot', '@xstate.event', '@xstate.actor'), (context, event, other, type) => {
          const message = {
            ...snapshotMessage(context.value, { type: 'SOME_EVENT', payload: event.value }),
            type,
            name: 'machine',
            snapshot: { status: 'active', value: 'idle', context: context.value, input: other.value, output: other.value, error: other.value },
          };
          const text = JSON.stringify(redactToAllowList(message));
          for (const leaked of [...context.secrets, ...event.secrets, ...other.secrets]) expect(text).not.toContain(String(leaked));
          // Still a chart to look at.
          expect(text).toContain('"SOME_EVENT"');
          expect(text).toContain('"idle"');
        }),
        { numRuns: 300 },
      );
    });

    it('every string that is sent is the chart, a flag-free word under an allow-listed key, or [redacted]', () => {
      const anyKey = fc.oneof(dataKey, fc.constantFrom(...WORD_KEYS, ...COUNT_KEYS), secretKey);
      const anyTree = fc.letrec<{ node: unknown }>((own) => ({
        node: fc.oneof(
          { depthSize: 'small' },
          fc.oneof(fc.string({ maxLength: 12 }), secret, fc.integer(), fc.boolean(), fc.constant(null)),
          fc.array(own('node'), { maxLength: 3 }),
          fc.dictionary(anyKey, own('node'), { maxKeys: 4 }),
        ),
      })).node;
      /** Every string in the sent context, with the key it stands under. */
      const strings = (value: unknown, key: string, found: Array<[string, string]>): Array<[string, string]> => {
        if (typeof value === 'string') found.push([key, value]);
        else if (Array.isArray(value)) for (const item of value) strings(item, key, found);
        else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) strings(item, name, found);
        return found;
      };
      fc.assert(
        fc.property(anyTree, (context) => {
          const { snapshot } = redactToAllowList(snapshotMessage(context)) as { snapshot: { context: unknown } };
          for (const [key, text] of strings(snapshot.context, 'context', [])) {
            if (text === REDACTED || text === '') continue;
            expect(WORD_KEYS.has(key), `${key}: ${text}`).toBe(true);
            expect(text).toMatch(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/);
          }
        }),
        { numRuns: 300 },
      );
    });
  });

  it('the sign-up: e-mail, password and code never reach the inspector; the chart, the kind and the event do', async () => {
    const text = await inspected(
      loginMachine.provide({ actors: { submitLogin: fromPromise(() => never<LoginResponse>()) } }),
      (actor) =>
        actor.send({ type: 'SUBMIT', request: { kind: 'register', email: 'ada.lovelace@example.com', password: 'hunter2-secret', code: '480917' } }),
      '"value":"pending"',
    );
    expect(text).toContain('"type":"SUBMIT"');
    expect(text).toContain('"kind":"register"');
    expect(text).toContain('"definition"');
    for (const secret of ['ada.lovelace@example.com', 'hunter2-secret', '480917']) expect(text).not.toContain(secret);
  });

  it('the ZIP download: the task ids and image addresses never reach the inspector; which file is being fetched does', async () => {
    const text = await inspected(
      zipDownloadMachine.provide({ actors: { fetchFile: fromPromise(() => never<Uint8Array>()) } }),
      (actor) =>
        actor.send({
          type: 'START',
          items: [
            { url: 'https://cdn.example.com/results/4f1d2c/1.png', name: '4f1d2c9e-1' },
            { url: 'https://cdn.example.com/results/4f1d2c/2.png', name: '4f1d2c9e-2' },
          ],
        }),
      '"value":"fetching"',
    );
    expect(text).toContain('"type":"START"');
    expect(text).toContain('"index":0');
    expect(text).not.toContain('cdn.example.com');
    expect(text).not.toContain('4f1d2c9e');
  });
});

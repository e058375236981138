import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { apiKeysMachine, MAX_KEY_NAME_LENGTH, type ApiKeyLike } from '../../machines/apiKeys.machine';
import { defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

const primary: ApiKeyLike = { id: 'k1', name: 'Default', apiKey: 'sk-primary', primary: true, createTime: '2026-01-01', lastUsedTime: null };
const staging: ApiKeyLike = { id: 'k2', name: 'Staging', apiKey: 'sk-staging', primary: false, createTime: '2026-02-01', lastUsedTime: '2026-03-01' };
const fresh: ApiKeyLike = { id: 'k3', name: 'CI', apiKey: 'sk-fresh-full-secret', primary: false, createTime: '2026-04-01', lastUsedTime: null };

const listed = { code: 200, msg: 'ok', data: [primary, staging] } as const;
const noKeys = { code: 200, msg: 'ok', data: [] } as const;
const added = { code: 200, msg: 'ok', data: fresh } as const;
const ok = { code: 200, msg: 'ok', data: null } as const;
const replaced = { code: 200, msg: 'ok', data: { apiKey: 'sk-new-primary' } } as const;
const refused = { code: 500001, msg: 'Not allowed', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });

const longName = 'x'.repeat(MAX_KEY_NAME_LENGTH + 1);
const BUSY_STATES = ['loading', { adding: 'creating' }, { renaming: 'saving' }, { deleting: 'removing' }, { resetting: 'replacing' }] as const;
const ANSWERED_BY = ['loadKeys', 'addKey', 'renameKey', 'deleteKey', 'resetPrimaryKey'] as const;

const answerNames = new Map<unknown, string>([
  [listed, 'two keys'],
  [noKeys, 'no keys'],
  [added, 'created'],
  [ok, 'ok'],
  [replaced, 'new secret'],
  [refused, 'refused'],
]);

function label(event: AnyEventObject): string {
  if (event.type === 'NAME_SUBMITTED') {
    const name = String(event.name);
    return name === longName ? 'NAME_SUBMITTED(too long)' : `NAME_SUBMITTED(${JSON.stringify(name)})`;
  }
  const answer = answerNames.get(event.output);
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

/** The refusal or failure of the call this event reports, if it is one. */
function answerOf(event: AnyEventObject): { refused: boolean; failed: boolean; ok: boolean } {
  const output: unknown = event.output;
  const isDone = ANSWERED_BY.some((id) => event.type === `xstate.done.actor.${id}`);
  const isError = ANSWERED_BY.some((id) => event.type === `xstate.error.actor.${id}`);
  return { ok: isDone && output !== refused, refused: isDone && output === refused, failed: isError };
}

describeMachinePaths('apiKeys machine', {
  eventLabel: label,
  machine: apiKeysMachine,
  events: [
    { type: 'ADD' },
    { type: 'RENAME', id: 'k1' },
    { type: 'RENAME', id: 'k2' },
    { type: 'RENAME', id: 'missing' },
    { type: 'DELETE', id: 'k1' },
    { type: 'DELETE', id: 'k2' },
    { type: 'DELETE', id: 'missing' },
    { type: 'RESET_PRIMARY' },
    { type: 'REFRESH' },
    { type: 'RETRY' },
    { type: 'NAME_SUBMITTED', name: '  Production  ' },
    { type: 'NAME_SUBMITTED', name: '   ' },
    { type: 'NAME_SUBMITTED', name: longName },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'DONE' },
    done('loadKeys', listed),
    done('loadKeys', noKeys),
    done('loadKeys', refused),
    failure('loadKeys', offline),
    done('addKey', added),
    done('addKey', refused),
    failure('addKey', offline),
    done('renameKey', ok),
    done('renameKey', refused),
    failure('renameKey', offline),
    done('deleteKey', ok),
    done('deleteKey', refused),
    failure('deleteKey', offline),
    done('resetPrimaryKey', replaced),
    done('resetPrimaryKey', refused),
    failure('resetPrimaryKey', offline),
  ],
  // Guards read which keys exist and which is primary; names, secrets and messages are checked by the assertions.
  // A key added twice counts once, so repeated adds do not grow the graph forever.
  serializeContext: (context) => ({
    keys: [...new Set(context.keys.map((key) => `${key.id}${key.primary ? '*' : ''}`))],
    target: context.target?.id ?? null,
    created: context.created?.id ?? null,
  }),
  maxSimplePaths: 150,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context } = snapshot;
    const before = previous?.context;
    expect(snapshot.hasTag('busy')).toBe(BUSY_STATES.some((state) => snapshot.matches(state)));
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
    expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));

    // The full secret of a new key is held only while it is shown.
    expect(context.created !== null).toBe(snapshot.matches({ adding: 'created' }));
    const actsOnKey = snapshot.matches('renaming') || snapshot.matches('deleting') || snapshot.matches('resetting');
    expect(context.target !== null).toBe(actsOnKey);
    if (snapshot.matches('resetting')) expect(context.target?.primary).toBe(true);
    // The primary key can never be on its way to deletion.
    if (snapshot.matches('deleting')) expect(context.target?.primary).toBe(false);
    if (actsOnKey && context.target) expect(context.keys).toContainEqual(context.target);
    if (snapshot.matches('list')) expect(context).toMatchObject({ target: null, created: null, pendingName: null, error: null });

    if (snapshot.matches('loading')) {
      expect(stepInvocations('loadKeys').map((invocation) => invocation.input)).toEqual([undefined]);
    }
    if (event.type === 'xstate.done.actor.loadKeys' && event.output.code === 200) {
      expect(snapshot.matches('list')).toBe(true);
      expect(context.keys).toEqual(event.output.data);
    }
    if (snapshot.matches('failed')) expect(context.error).toBe(event.type === 'xstate.done.actor.loadKeys' ? refused.msg : offline.message);

    if (event.type === 'RENAME' || event.type === 'DELETE') {
      const key = before?.keys.find((candidate) => candidate.id === event.id);
      const allowed = key !== undefined && (event.type === 'RENAME' || !key.primary);
      expect(snapshot.matches(event.type === 'RENAME' ? 'renaming' : 'deleting')).toBe(allowed);
      if (allowed) expect(context.target).toEqual(key);
    }
    if (event.type === 'RESET_PRIMARY') {
      const key = before?.keys.find((candidate) => candidate.primary);
      expect(snapshot.matches('resetting')).toBe(key !== undefined);
      if (key) expect(context.target).toEqual(key);
    }

    if (event.type === 'NAME_SUBMITTED') {
      const name = event.name.trim();
      const valid = name.length >= 1 && name.length <= MAX_KEY_NAME_LENGTH;
      if (previous?.matches({ adding: 'naming' })) {
        expect(snapshot.matches({ adding: valid ? 'creating' : 'naming' })).toBe(true);
        expect(stepInvocations('addKey').map((invocation) => invocation.input)).toEqual(valid ? [{ name }] : []);
      }
      if (previous?.matches({ renaming: 'editing' })) {
        expect(snapshot.matches({ renaming: valid ? 'saving' : 'editing' })).toBe(true);
        expect(stepInvocations('renameKey').map((invocation) => invocation.input)).toEqual(valid ? [{ id: context.target?.id, name }] : []);
      }
      if (valid) expect(context).toMatchObject({ pendingName: name, error: null });
    }
    if (event.type === 'CONFIRM') {
      expect(stepInvocations('deleteKey').map((invocation) => invocation.input)).toEqual(
        snapshot.matches('deleting') ? [{ id: context.target?.id }] : [],
      );
      expect(stepInvocations('resetPrimaryKey').map((invocation) => invocation.input)).toEqual(snapshot.matches('resetting') ? [undefined] : []);
    }
    if (event.type === 'CANCEL' || event.type === 'DONE') {
      expect(snapshot.matches('list')).toBe(true);
      expect(context.keys).toBe(before?.keys);
    }

    if (event.type === 'xstate.done.actor.addKey' && event.output.code === 200) {
      expect(snapshot.matches({ adding: 'created' })).toBe(true);
      expect(context.created).toEqual(fresh);
      expect(context.keys).toEqual([...(before?.keys ?? []), fresh]);
      expect(stepCalls('notifyCreated')).toHaveLength(1);
    } else {
      expect(stepCalls('notifyCreated')).toEqual([]);
    }
    if (event.type === 'xstate.done.actor.renameKey' && event.output.code === 200) {
      const renamed = before?.target?.id;
      expect(context.keys).toEqual(before?.keys.map((key) => (key.id === renamed ? { ...key, name: before.pendingName } : key)));
    }
    if (event.type === 'xstate.done.actor.deleteKey' && event.output.code === 200) {
      expect(context.keys).toEqual(before?.keys.filter((key) => key.id !== before.target?.id));
      expect(stepCalls('notifyDeleted')).toHaveLength(1);
    } else {
      expect(stepCalls('notifyDeleted')).toEqual([]);
    }
    if (event.type === 'xstate.done.actor.resetPrimaryKey' && event.output.code === 200) {
      const expected = before?.keys.map((key) => (key.primary ? { ...key, apiKey: replaced.data.apiKey } : key));
      expect(context.keys).toEqual(expected);
      // The implementation reads the new secret from context (to tell the user actor): it must already be there.
      const calls = stepCalls('notifyPrimaryKeyReset');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.context).toMatchObject({ keys: expected });
    } else {
      expect(stepCalls('notifyPrimaryKeyReset')).toEqual([]);
    }

    // A refused or failed call returns to the step before it with the reason; nothing in the list changes.
    const answer = answerOf(event);
    if (!event.type.endsWith('loadKeys') && (answer.refused || answer.failed)) {
      expect(context.error).toBe(answer.refused ? refused.msg : offline.message);
      expect(context.keys).toBe(before?.keys);
      expect(context.target).toBe(before?.target);
      const backTo = previous?.matches({ adding: 'creating' })
        ? { adding: 'naming' }
        : previous?.matches({ renaming: 'saving' })
          ? { renaming: 'editing' }
          : previous?.matches({ deleting: 'removing' })
            ? { deleting: 'confirming' }
            : { resetting: 'confirming' };
      expect(snapshot.matches(backTo)).toBe(true);
    }
    // Transport errors were already shown by the API client; only a refusal is shown here.
    expect(stepCalls('showError')).toHaveLength(answer.refused && !event.type.endsWith('loadKeys') ? 1 : 0);
    if (answer.ok && !event.type.endsWith('addKey')) expect(snapshot.matches('list')).toBe(true);
  },
});

import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { okData, refusal, rejection, type CallFailure } from './callErrors';
import { notProvidedAction, notProvidedActor } from './notProvided';

/** Longest key name the dashboard accepts (after trimming). */
export const MAX_KEY_NAME_LENGTH = 40;

export interface ApiKeyLike {
  id: string;
  name: string;
  apiKey: string;
  primary: boolean;
  createTime: string;
  lastUsedTime: string | null;
}

export interface ApiKeysContext {
  keys: ApiKeyLike[];
  /** The key being renamed, deleted or reset. */
  target: ApiKeyLike | null;
  /** A just-created key, whose full secret is shown once. */
  created: ApiKeyLike | null;
  /** The trimmed name being sent while adding or renaming; kept so the rename can be applied on success. */
  pendingName: string | null;
  error: string | null;
}

export interface AddKeyInput {
  name: string;
}

export interface DeleteKeyInput {
  id: string;
}

export interface RenameKeyInput {
  id: string;
  name: string;
}

/** What resetting the primary key answers: its new secret. */
interface ResetPrimaryKeyAnswer {
  apiKey: string;
}

export type LoadKeysResponse = ResultEnvelope<ApiKeyLike[]>;
export type AddKeyResponse = ResultEnvelope<ApiKeyLike>;
export type ResetPrimaryKeyResponse = ResultEnvelope<ResetPrimaryKeyAnswer>;

export type ApiKeysEvent =
  | { type: 'ADD' }
  | { type: 'RENAME'; id: string }
  | { type: 'DELETE'; id: string }
  | { type: 'RESET_PRIMARY' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: 'NAME_SUBMITTED'; name: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DONE' }
  // What the invoked calls report; listed so named guards and actions read them with types.
  | DoneActorEvent<LoadKeysResponse, 'loadKeys'>
  | ErrorActorEvent<unknown, 'loadKeys'>
  | DoneActorEvent<AddKeyResponse, 'addKey'>
  | ErrorActorEvent<unknown, 'addKey'>
  | DoneActorEvent<ResultEnvelope<unknown>, 'renameKey'>
  | ErrorActorEvent<unknown, 'renameKey'>
  | DoneActorEvent<ResultEnvelope<unknown>, 'deleteKey'>
  | ErrorActorEvent<unknown, 'deleteKey'>
  | DoneActorEvent<ResetPrimaryKeyResponse, 'resetPrimaryKey'>
  | ErrorActorEvent<unknown, 'resetPrimaryKey'>;

const INVOKE_IDS = ['loadKeys', 'addKey', 'renameKey', 'deleteKey', 'resetPrimaryKey'] as const;
const DONE_TYPES: ReadonlySet<string> = new Set(INVOKE_IDS.map((id) => `xstate.done.actor.${id}`));

type DoneEvent = Extract<ApiKeysEvent, { output: unknown }>;

function isDone(event: ApiKeysEvent): event is DoneEvent {
  return DONE_TYPES.has(event.type);
}

function trimmedName(event: ApiKeysEvent): string | null {
  return event.type === 'NAME_SUBMITTED' ? event.name.trim() : null;
}

function keyById(context: ApiKeysContext, event: ApiKeysEvent): ApiKeyLike | undefined {
  return event.type === 'RENAME' || event.type === 'DELETE' ? context.keys.find((key) => key.id === event.id) : undefined;
}

/** The key acted on; only reachable after RENAME, DELETE or RESET_PRIMARY stored it. */
function targetOf(context: ApiKeysContext): ApiKeyLike {
  if (!context.target) throw new Error('apiKeys: no key to act on');
  return context.target;
}

/** The name being sent; only reachable after NAME_SUBMITTED stored it. */
function pendingNameOf(context: ApiKeysContext): string {
  if (context.pendingName === null) throw new Error('apiKeys: no name to send');
  return context.pendingName;
}

export const apiKeysMachine = setup({
  types: {} as { context: ApiKeysContext; events: ApiKeysEvent },
  actors: {
    loadKeys: notProvidedActor<LoadKeysResponse>('loadKeys'),
    addKey: notProvidedActor<AddKeyResponse, AddKeyInput>('addKey'),
    renameKey: notProvidedActor<ResultEnvelope<unknown>, RenameKeyInput>('renameKey'),
    deleteKey: notProvidedActor<ResultEnvelope<unknown>, DeleteKeyInput>('deleteKey'),
    resetPrimaryKey: notProvidedActor<ResetPrimaryKeyResponse>('resetPrimaryKey'),
  },
  actions: {
    notifyCreated: notProvidedAction('notifyCreated'),
    notifyDeleted: notProvidedAction('notifyDeleted'),
    // Runs after the keys were updated: the primary key in context carries the new secret for API_KEY_SET.
    notifyPrimaryKeyReset: notProvidedAction('notifyPrimaryKeyReset'),
    showError: notProvidedAction('showError'),
    setKeys: assign((_, keys: ApiKeysContext['keys']) => ({ keys })),
    setTargetById: assign({ target: ({ event, context }) => keyById(context, event) ?? null, error: null }),
    setTargetToPrimary: assign({ target: ({ context }) => context.keys.find((key) => key.primary) ?? null, error: null }),
    startAdding: assign({ target: null, created: null, pendingName: null, error: null }),
    clearError: assign({ error: null }),
    addCreatedKey: assign(({ context }, created: ApiKeyLike) => ({ keys: [...context.keys, created], created, error: null })),
    renameTarget: assign({
      keys: ({ context }) => {
        const target = targetOf(context);
        const name = pendingNameOf(context);
        return context.keys.map((key) => (key.id === target.id ? { ...key, name } : key));
      },
    }),
    removeTarget: assign({ keys: ({ context }) => context.keys.filter((key) => key.id !== targetOf(context).id) }),
    replacePrimaryKey: assign(({ context }, { apiKey }: { apiKey: string }) => ({
      keys: context.keys.map((key) => (key.primary ? { ...key, apiKey } : key)),
    })),
    backToList: assign({ target: null, created: null, pendingName: null, error: null }),
    rememberName: assign({ pendingName: ({ event }) => trimmedName(event) }),
    // Why the call failed (a refused answer or a rejected call), for the view to word.
    setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
  },
  guards: {
    isOk: ({ event }) => isDone(event) && event.output.code === 200,
    isKnownKey: ({ context, event }) => keyById(context, event) !== undefined,
    isNotPrimary: ({ context, event }) => keyById(context, event)?.primary === false,
    hasPrimaryKey: ({ context }) => context.keys.some((key) => key.primary),
    isValidName: ({ event }) => {
      const name = trimmedName(event);
      return name !== null && name.length >= 1 && name.length <= MAX_KEY_NAME_LENGTH;
    },
  },
}).createMachine({
  id: 'apiKeys',
  context: { keys: [], target: null, created: null, pendingName: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadKeys',
        src: 'loadKeys',
        onDone: [
          { guard: 'isOk', target: 'list', actions: [{ type: 'setKeys', params: ({ event }) => okData(event.output) }, 'clearError'] },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
    },
    failed: {
      tags: 'failed',
      on: { RETRY: 'loading' },
    },
    list: {
      on: {
        ADD: { target: 'adding', actions: 'startAdding' },
        RENAME: { guard: 'isKnownKey', target: 'renaming', actions: 'setTargetById' },
        // The primary key can only be reset, never deleted.
        DELETE: { guard: 'isNotPrimary', target: 'deleting', actions: 'setTargetById' },
        RESET_PRIMARY: { guard: 'hasPrimaryKey', target: 'resetting', actions: 'setTargetToPrimary' },
        REFRESH: 'loading',
      },
    },
    adding: {
      initial: 'naming',
      states: {
        naming: {
          on: {
            NAME_SUBMITTED: { guard: 'isValidName', target: 'creating', actions: ['rememberName', 'clearError'] },
            CANCEL: { target: '#apiKeys.list', actions: 'backToList' },
          },
        },
        creating: {
          tags: 'busy',
          invoke: {
            id: 'addKey',
            src: 'addKey',
            input: ({ context }) => ({ name: pendingNameOf(context) }),
            onDone: [
              {
                guard: 'isOk',
                target: 'created',
                actions: [{ type: 'addCreatedKey', params: ({ event }) => okData(event.output) }, 'notifyCreated'],
              },
              { target: 'naming', actions: [{ type: 'setError', params: ({ event }) => refusal(event.output) }, 'showError'] },
            ],
            onError: { target: 'naming', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
          },
        },
        // The full secret is in context only here; leaving forgets it.
        created: {
          on: { DONE: { target: '#apiKeys.list', actions: 'backToList' } },
        },
      },
    },
    renaming: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            NAME_SUBMITTED: { guard: 'isValidName', target: 'saving', actions: ['rememberName', 'clearError'] },
            CANCEL: { target: '#apiKeys.list', actions: 'backToList' },
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            id: 'renameKey',
            src: 'renameKey',
            input: ({ context }) => ({ id: targetOf(context).id, name: pendingNameOf(context) }),
            onDone: [
              { guard: 'isOk', target: '#apiKeys.list', actions: ['renameTarget', 'backToList'] },
              { target: 'editing', actions: [{ type: 'setError', params: ({ event }) => refusal(event.output) }, 'showError'] },
            ],
            onError: { target: 'editing', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
          },
        },
      },
    },
    deleting: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            CONFIRM: { target: 'removing', actions: 'clearError' },
            CANCEL: { target: '#apiKeys.list', actions: 'backToList' },
          },
        },
        removing: {
          tags: 'busy',
          invoke: {
            id: 'deleteKey',
            src: 'deleteKey',
            input: ({ context }) => ({ id: targetOf(context).id }),
            onDone: [
              { guard: 'isOk', target: '#apiKeys.list', actions: ['removeTarget', 'notifyDeleted', 'backToList'] },
              { target: 'confirming', actions: [{ type: 'setError', params: ({ event }) => refusal(event.output) }, 'showError'] },
            ],
            onError: { target: 'confirming', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
          },
        },
      },
    },
    resetting: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            CONFIRM: { target: 'replacing', actions: 'clearError' },
            CANCEL: { target: '#apiKeys.list', actions: 'backToList' },
          },
        },
        replacing: {
          tags: 'busy',
          invoke: {
            id: 'resetPrimaryKey',
            src: 'resetPrimaryKey',
            onDone: [
              {
                guard: 'isOk',
                target: '#apiKeys.list',
                actions: [{ type: 'replacePrimaryKey', params: ({ event }) => okData(event.output) }, 'notifyPrimaryKeyReset', 'backToList'],
              },
              { target: 'confirming', actions: [{ type: 'setError', params: ({ event }) => refusal(event.output) }, 'showError'] },
            ],
            onError: { target: 'confirming', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
          },
        },
      },
    },
  },
});

import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { refusal, rejection, type CallFailure } from './callErrors';
import { notProvidedAction, notProvidedActor } from './notProvided';

/** A form's values; each form narrows them where it renders. */
export type FormValues = Record<string, unknown>;

/** Field name → message. Empty means valid. */
export type FieldErrors = Record<string, string>;

/** Pure and synchronous; it comes through input because machines cannot import the forms' rules from src/. */
export type Validate = (values: FormValues) => FieldErrors;

/** How long the "saved" notice stays before the form is editable as usual again. */
export const SAVED_NOTICE_MS = 2000;

export interface SaveFormInput {
  initial: FormValues;
  validate: Validate;
}

export interface SaveFormContext {
  /** What the server has. */
  saved: FormValues;
  /** What the form shows; kept through failures so nothing typed is lost. */
  draft: FormValues;
  errors: FieldErrors;
  error: string | null;
  validate: Validate;
}

export type SaveResponse = ResultEnvelope<unknown>;

export type SaveFormEvent =
  | { type: 'CHANGE'; values: FormValues }
  | { type: 'SUBMIT' }
  | { type: 'RESET' }
  | { type: 'RETRY' }
  // What the invoked save reports; listed so the model test and the fuzz send it with types.
  | DoneActorEvent<SaveResponse, 'save'>
  | ErrorActorEvent<unknown, 'save'>;

function hasNoErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length === 0;
}

export const saveFormMachine = setup({
  types: {} as { context: SaveFormContext; events: SaveFormEvent; input: SaveFormInput },
  actors: {
    save: notProvidedActor<SaveResponse, FormValues>('save'),
  },
  actions: {
    notifySaved: notProvidedAction('notifySaved'),
    showValidationErrors: notProvidedAction('showValidationErrors'),
    setDraft: assign({
      draft: ({ context, event }) => (event.type === 'CHANGE' ? event.values : context.draft),
      errors: {},
      error: null,
    }),
    resetDraft: assign(({ context }) => ({ draft: context.saved, errors: {}, error: null })),
    setValidationErrors: assign({ errors: ({ context }) => context.validate(context.draft) }),
    clearError: assign({ error: null }),
    keepDraftAsSaved: assign(({ context }) => ({ saved: context.draft, errors: {}, error: null })),
    // Why the call failed (a refused answer or a rejected call), for the view to word.
    setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
  },
  guards: {
    isValid: ({ context }) => hasNoErrors(context.validate(context.draft)),
    isOk: (_, { code }: { code: number | string }) => code === 200,
  },
  delays: {
    SAVED_NOTICE: SAVED_NOTICE_MS,
  },
}).createMachine({
  id: 'saveForm',
  context: ({ input }) => ({ saved: input.initial, draft: input.initial, errors: {}, error: null, validate: input.validate }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'setDraft' },
        SUBMIT: 'validating',
        RESET: { actions: 'resetDraft' },
      },
    },
    validating: {
      always: [
        { guard: 'isValid', target: 'saving', actions: 'clearError' },
        { target: 'editing', actions: ['setValidationErrors', 'showValidationErrors'] },
      ],
    },
    // SUBMIT is not handled here: a second save cannot start.
    saving: {
      tags: 'busy',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.draft,
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ code: event.output.code }) },
            target: 'saved',
            actions: ['keepDraftAsSaved', 'notifySaved'],
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
    },
    saved: {
      tags: 'saved',
      on: { CHANGE: { target: 'editing', actions: 'setDraft' } },
      after: { SAVED_NOTICE: 'editing' },
    },
    failed: {
      tags: 'failed',
      on: {
        RETRY: { target: 'saving', actions: 'clearError' },
        CHANGE: { target: 'editing', actions: 'setDraft' },
      },
    },
  },
});

import { fromPromise } from 'xstate';
import { notify } from '../services/notifier';
import { saveFormMachine, type FieldErrors, type FormValues } from '../../machines/saveForm.machine';
import type { ApiResult } from '../api/client';

export interface SaveFormWiring {
  save: (values: FormValues) => Promise<ApiResult<unknown>>;
  /** Said in a toast once the server has the values. */
  savedMessage: () => string;
  /** Anything else that must learn of the new values (the user actor, which user-info feeds). */
  afterSave?: () => void;
  /** Where to take the keyboard when the check fails: the first field with a message. */
  focusFirstError?: (errors: FieldErrors) => void;
}

/** A settings form wired to the call that saves it. */
export function createSaveFormLogic({ save, savedMessage, afterSave, focusFirstError }: SaveFormWiring) {
  return saveFormMachine.provide({
    actors: { save: fromPromise(({ input }) => save(input)) },
    actions: {
      notifySaved: () => {
        notify.success(savedMessage());
        afterSave?.();
      },
      showValidationErrors: ({ context }) => focusFirstError?.(context.errors),
    },
  });
}

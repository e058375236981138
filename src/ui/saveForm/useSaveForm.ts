import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useLocalActor } from '../../actors/useLocalActor';
import type { FieldErrors, FormValues, Validate } from '../../../machines/saveForm.machine';
import { createSaveFormLogic } from '../../actors/saveForm';
import { useGlobalActor } from '../../actors/AppActorContext';
import type { ApiResult } from '../../api/client';

interface SaveFormOptions<V extends FormValues> {
  initial: V;
  validate: (values: V) => FieldErrors;
  save: (values: V) => Promise<ApiResult<unknown>>;
  savedMessage: () => string;
}

/**
 * One settings form on the saveForm machine. Values are typed here: the form is created with `initial`
 * and only ever sends values of the same shape, so the draft is always a V.
 * After a save the user actor reloads user-info, which is where every saved setting is read from.
 */
export function useSaveForm<V extends FormValues>({ initial, validate, save, savedMessage }: SaveFormOptions<V>) {
  const user = useGlobalActor('user');
  // The form's fields by name; a plain map, as nothing renders from it.
  const [fields] = useState(() => new Map<string, HTMLElement>());
  // The logic and input are read once, when the form mounts, like any form's initial values.
  const [logic] = useState(() =>
    createSaveFormLogic({
      save: (values) => save(values as V),
      savedMessage,
      afterSave: () => user.send({ type: 'REFRESH' }),
      focusFirstError: (errors) => {
        // A message without a field of its own (a line of a list) belongs to the form's first field.
        const first = Object.keys(errors).find((name) => fields.has(name)) ?? fields.keys().next().value;
        if (first !== undefined) fields.get(first)?.focus();
      },
    }),
  );
  const actor = useLocalActor(logic, { input: { initial, validate: validate as Validate } });
  const draft = useSelector(actor, (s) => s.context.draft as V);
  const savedValues = useSelector(actor, (s) => s.context.saved as V);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saved = useSelector(actor, (s) => s.hasTag('saved'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const dirty = useSelector(actor, (s) => JSON.stringify(s.context.draft) !== JSON.stringify(s.context.saved));

  return {
    draft,
    /** What the server has now. */
    savedValues,
    errors,
    error,
    busy,
    saved,
    failed,
    dirty,
    change: (values: V) => actor.send({ type: 'CHANGE', values }),
    /** Changes some fields of the draft as it is now (safe from callbacks that outlive a render). */
    patch: (fields: Partial<V>) => actor.send({ type: 'CHANGE', values: { ...actor.getSnapshot().context.draft, ...fields } }),
    submit: () => actor.send({ type: 'SUBMIT' }),
    retry: () => actor.send({ type: 'RETRY' }),
    reset: () => actor.send({ type: 'RESET' }),
    /** Registers a field so a failed check can put the keyboard on it. */
    fieldRef: (name: string) => (element: HTMLElement | null) => {
      if (element) fields.set(name, element);
      else fields.delete(name);
    },
  };
}

import { expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { SAVED_NOTICE_MS, saveFormMachine, type FieldErrors, type FormValues } from '../../machines/saveForm.machine';
import { after, defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

function validate(values: FormValues): FieldErrors {
  return typeof values.email === 'string' && values.email.includes('@') ? {} : { email: 'Enter an e-mail address' };
}

const initial = { email: 'ada@example.com', enabled: false };
const edited = { email: 'bob@example.com', enabled: true };
const invalid = { email: 'bob', enabled: true };

const saved = { code: 200, msg: 'ok', data: null } as const;
const refused = { code: 400001, msg: 'Too many addresses', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });

function label(event: AnyEventObject): string {
  if (event.type === 'CHANGE') return event.values === invalid ? 'CHANGE(invalid)' : 'CHANGE(valid)';
  if (event.output === refused) return 'done:save(refused)';
  return defaultEventLabel(event);
}

describeMachinePaths('saveForm machine', {
  eventLabel: label,
  machine: saveFormMachine,
  input: { initial, validate },
  events: [
    { type: 'CHANGE', values: edited },
    { type: 'CHANGE', values: invalid },
    { type: 'SUBMIT' },
    { type: 'RESET' },
    { type: 'RETRY' },
    done('save', saved),
    done('save', refused),
    failure('save', offline),
    after('SAVED_NOTICE', 'saveForm.saved'),
  ],
  maxSimplePaths: 150,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context } = snapshot;
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving'));
    expect(snapshot.hasTag('saved')).toBe(snapshot.matches('saved'));
    expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));
    // validating decides at once; it is never a resting state.
    expect(snapshot.matches('validating')).toBe(false);

    if (event.type === 'xstate.init') expect(context).toMatchObject({ saved: initial, draft: initial, errors: {}, error: null });
    if (event.type === 'CHANGE') {
      expect(snapshot.matches('editing')).toBe(true);
      expect(context).toMatchObject({ draft: event.values, errors: {}, error: null, saved: previous?.context.saved });
    }
    if (event.type === 'RESET') expect(context).toMatchObject({ draft: previous?.context.saved, errors: {}, error: null });

    if (event.type === 'SUBMIT') {
      const errors = validate(previous?.context.draft ?? {});
      if (Object.keys(errors).length) {
        expect(snapshot.matches('editing')).toBe(true);
        expect(context.errors).toEqual(errors);
        expect(stepCalls('showValidationErrors')).toHaveLength(1);
        expect(stepInvocations('save')).toEqual([]);
      } else {
        expect(snapshot.matches('saving')).toBe(true);
        expect(stepCalls('showValidationErrors')).toEqual([]);
      }
    } else {
      expect(stepCalls('showValidationErrors')).toEqual([]);
    }

    if (snapshot.matches('saving')) {
      // The same draft, first try or retry: nothing typed is lost.
      expect(stepInvocations('save').map((invocation) => invocation.input)).toEqual([previous?.context.draft]);
      expect(context.draft).toBe(previous?.context.draft);
      expect(context.error).toBeNull();
    }

    if (snapshot.matches('saved') && !previous?.matches('saved')) {
      expect(context.saved).toBe(previous?.context.draft);
      expect(context.draft).toBe(context.saved);
      expect(stepCalls('notifySaved')).toHaveLength(1);
    } else {
      expect(stepCalls('notifySaved')).toEqual([]);
    }
    if (event.type === 'xstate.after.SAVED_NOTICE.saveForm.saved') expect(snapshot.matches('editing')).toBe(true);

    if (snapshot.matches('failed')) {
      expect(context.error).toBe(event.type === 'xstate.done.actor.save' ? refused.msg : offline.message);
      expect(context.saved).toBe(previous?.context.saved);
      expect(context.draft).toBe(previous?.context.draft);
    }
  },
});

it('saveForm machine: the saved notice lasts two seconds', () => {
  expect(saveFormMachine.implementations.delays).toEqual({ SAVED_NOTICE: 2000 });
  expect(SAVED_NOTICE_MS).toBe(2000);
});

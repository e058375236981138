import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import { defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

const discount = { code: 200, msg: 'ok', data: { percentOff: 10 } } as const;
const noDiscount = { code: 200, msg: 'ok', data: null } as const;
const refused = { code: 500001, msg: 'Query failed', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });

const answerNames = new Map<unknown, string>([
  [discount, 'value'],
  [noDiscount, 'null value'],
  [refused, 'refused'],
]);

function label(event: AnyEventObject): string {
  const answer = answerNames.get(event.output);
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

describeMachinePaths('resource machine', {
  eventLabel: label,
  machine: resourceMachine,
  events: [{ type: 'REFRESH' }, { type: 'RETRY' }, done('load', discount), done('load', noDiscount), done('load', refused), failure('load', offline)],
  serializeContext: (context) => ({ hasValue: context.hasValue, failed: context.error !== null }),
  maxSimplePaths: 100,
  assertState: (snapshot, { event, previous, stepInvocations }) => {
    const { context } = snapshot;
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
    expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));

    if (event.type === 'xstate.init') expect(context).toEqual({ value: null, hasValue: false, error: null });
    // Entered anew on every step that lands here: exactly one request.
    expect(stepInvocations('load')).toHaveLength(snapshot.matches('loading') ? 1 : 0);
    if (snapshot.matches('loading')) {
      expect(context.error).toBeNull();
      // What was shown stays until the new answer arrives.
      if (previous) expect(context.value).toBe(previous.context.value);
    }

    const answer = event.type === 'xstate.done.actor.load' ? event.output : undefined;
    if (answer?.code === 200) {
      expect(snapshot.matches('ready')).toBe(true);
      // A null value (no discount) is a value too.
      expect(context).toEqual({ value: answer.data, hasValue: true, error: null });
    }
    if (snapshot.matches('failed')) {
      expect(context.error).toBe(answer ? answer.msg : offline.message);
      // A failed refresh keeps the value it had.
      expect(context.value).toBe(previous?.context.value);
      expect(context.hasValue).toBe(previous?.context.hasValue);
    }
    if (event.type === 'REFRESH') expect(snapshot.matches('loading')).toBe(previous?.matches('ready'));
    if (event.type === 'RETRY') expect(snapshot.matches('loading')).toBe(previous?.matches('failed'));
  },
});

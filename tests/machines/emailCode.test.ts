import { expect, it } from 'vitest';
import { COOLDOWN_SECONDS, emailCodeMachine } from '../../machines/emailCode.machine';
import { after, describeMachinePaths, done, failure } from './pathRunner';

const send = { type: 'SEND', email: 'ada@example.com', purpose: 'register' } as const;
const tooMany = { code: 500001, msg: 'Too many codes requested', data: null };

describeMachinePaths('emailCode machine', {
  machine: emailCodeMachine,
  events: [
    send,
    { type: 'SEND', email: 'bob@example.com', purpose: 'resetPassword' },
    done('sendCode', { code: 200, msg: 'ok', data: null }),
    done('sendCode', tooMany),
    failure('sendCode', Object.assign(new Error('Network down'), { kind: 'network' })),
    after('ONE_SECOND', 'emailCode.cooldown'),
  ],
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('sending'));
    expect(snapshot.hasTag('coolingDown')).toBe(snapshot.matches('cooldown'));
    if (!event.type.startsWith('xstate.done.actor.sendCode')) expect(stepCalls('notifyCodeSent')).toEqual([]);

    if (snapshot.matches('sending')) {
      if (event.type !== 'SEND') throw new Error(`sending entered by ${event.type}`);
      expect(stepInvocations('sendCode').map((invocation) => invocation.input)).toEqual([{ email: event.email, purpose: event.purpose }]);
      expect(snapshot.context.error).toBeNull();
    }
    if (snapshot.matches('cooldown')) {
      if (previous?.matches('sending')) {
        expect(snapshot.context.secondsLeft).toBe(COOLDOWN_SECONDS);
        expect(stepCalls('notifyCodeSent')).toHaveLength(1);
      } else {
        // One tick of the fake clock: one second less.
        expect(snapshot.context.secondsLeft).toBe((previous?.context.secondsLeft ?? Number.NaN) - 1);
      }
    }
    if (snapshot.matches('idle') && previous?.matches('cooldown')) {
      expect(previous.context.secondsLeft).toBe(1);
      expect(snapshot.context.secondsLeft).toBe(0);
    }
    if (snapshot.matches('failed')) {
      expect(snapshot.context.error).toBe(event.type === 'xstate.error.actor.sendCode' ? 'Network down' : tooMany.msg);
    }
  },
});

// Replay fires each tick at exactly ONE_SECOND; this pins its length, so the 60 ticks are 60 seconds.
it('emailCode machine: a tick is one second', () => {
  expect(emailCodeMachine.implementations.delays).toEqual({ ONE_SECOND: 1000 });
  expect(COOLDOWN_SECONDS).toBe(60);
});

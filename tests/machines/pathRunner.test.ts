import { describe, expect, it } from 'vitest';
import { setup, type DoneActorEvent } from 'xstate';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../../machines/notProvided';
import { after, done, failure, generatePaths, MachineCoverage, replayPath, type MachinePath } from './pathRunner';

/** A toy: a job that runs, then rests a while before it can run again, watched by a heartbeat while running. */
const toyMachine = setup({
  types: {} as { events: { type: 'GO' } | { type: 'BEAT' } | DoneActorEvent<number, 'job'> },
  actors: { work: notProvidedActor<number>('work'), heartbeat: notProvidedCallback('heartbeat') },
  actions: { report: notProvidedAction('report') },
  delays: { REST: 500 },
}).createMachine({
  id: 'toy',
  initial: 'idle',
  states: {
    idle: { on: { GO: 'working' } },
    working: {
      invoke: [
        { id: 'job', src: 'work', onDone: { target: 'resting', actions: 'report' }, onError: 'broken' },
        { id: 'pulse', src: 'heartbeat' },
      ],
      on: { BEAT: {} },
    },
    resting: { after: { REST: 'idle' } },
    broken: {},
  },
});

const events = [{ type: 'GO' } as const, done('job', 42), failure('job', new Error('boom')), after('REST', 'toy.resting')];
const paths = generatePaths(toyMachine, { events });
const callbacks = { heartbeat: ['BEAT'] };

function pathNamed(description: string): MachinePath {
  const path = paths.find((candidate) => candidate.description === description);
  if (!path) throw new Error(`no path "${description}" among: ${paths.map((candidate) => candidate.description).join(' | ')}`);
  return path;
}

describe('path runner', () => {
  it('generates paths through every edge, without prefixes of one another', () => {
    expect(paths.map((path) => path.description).sort()).toEqual(['GO → done:job(42) → after:REST', 'GO → error:job(boom)']);
  });

  it('replays a path against the real actor, with fakes for its side effects', async () => {
    const seen: string[] = [];
    await replayPath(pathNamed('GO → done:job(42) → after:REST'), {
      machine: toyMachine,
      callbacks,
      assertState: (snapshot, { event, stepCalls, stepInvocations }) => {
        seen.push(`${event.type}:${JSON.stringify(snapshot.value)}`);
        if (event.type === 'GO') expect(stepInvocations('job')).toHaveLength(1);
        expect(stepCalls('report')).toHaveLength(event.type === 'xstate.done.actor.job' ? 1 : 0);
      },
    });
    expect(seen).toEqual(['xstate.init:"idle"', 'GO:"working"', 'xstate.done.actor.job:"resting"', 'xstate.after.REST.toy.resting:"idle"']);
  });

  it('fails when the actor is not where the path says', async () => {
    const succeeded = pathNamed('GO → done:job(42) → after:REST');
    const failed = pathNamed('GO → error:job(boom)');
    // The events of one path with the states of the other.
    const wrong: MachinePath = {
      description: 'wrong expectation',
      steps: succeeded.steps.slice(0, 3).map((step, index) => ({ event: step.event, state: (failed.steps[index] ?? step).state })),
    };
    await expect(replayPath(wrong, { machine: toyMachine, callbacks })).rejects.toThrow(/step 2 .*state value/);
  });

  it('fails loudly when a step finishes an actor the state did not invoke', async () => {
    const [start] = pathNamed('GO → error:job(boom)').steps;
    if (!start) throw new Error('empty path');
    const path: MachinePath = { description: 'done while idle', steps: [start, { event: done('job', 1), state: start.state }] };
    await expect(replayPath(path, { machine: toyMachine, callbacks })).rejects.toThrow('never invoked "job"');
  });

  it('fails when a state assertion fails', async () => {
    const path = pathNamed('GO → error:job(boom)');
    await expect(
      replayPath(path, {
        machine: toyMachine,
        callbacks,
        assertState: (snapshot) => expect(snapshot.matches('broken')).toBe(false),
      }),
    ).rejects.toThrow();
  });

  it('fails when another timer fires before the delay a step waits for', async () => {
    const racing = setup({ delays: { SOON: 100, LATER: 200 } }).createMachine({
      id: 'racing',
      initial: 'waiting',
      states: { waiting: { after: { SOON: 'soon', LATER: 'later' } }, soon: {}, later: {} },
    });
    // The pure model takes any enabled event; only the real clock knows SOON comes first.
    const [path] = generatePaths(racing, { events: [after('LATER', 'racing.waiting')] });
    if (!path) throw new Error('no path');
    await expect(replayPath(path, { machine: racing })).rejects.toThrow('the state changed before LATER (200 ms) had elapsed');
  });

  it('delivers callback events through the running callback, and fails when it is not running', async () => {
    const [start, go] = pathNamed('GO → error:job(boom)').steps;
    if (!start || !go) throw new Error('short path');
    const beat = { type: 'BEAT' } as const;
    await replayPath({ description: 'beat while working', steps: [start, go, { event: beat, state: go.state }] }, { machine: toyMachine, callbacks });
    await expect(
      replayPath({ description: 'beat while idle', steps: [start, { event: beat, state: start.state }] }, { machine: toyMachine, callbacks }),
    ).rejects.toThrow('"heartbeat", which is not running');
  });

  it('reports what the replayed paths did not cover', async () => {
    const coverage = new MachineCoverage(toyMachine);
    await replayPath(pathNamed('GO → error:job(boom)'), { machine: toyMachine, callbacks, coverage });
    const partial = coverage.report();
    expect(partial).toMatchObject({ id: 'toy', states: 5, statesCovered: 4, transitions: 5, transitionsCovered: 2 });
    expect(partial.uncoveredStates).toEqual(['#toy.resting']);
    expect(partial.uncoveredTransitions).toEqual([
      '#toy.working BEAT [0] → (stays)',
      '#toy.working xstate.done.actor.job [0] → #toy.resting',
      '#toy.resting xstate.after.REST.toy.resting [0] → #toy.idle',
    ]);

    await replayPath(pathNamed('GO → done:job(42) → after:REST'), { machine: toyMachine, callbacks, coverage });
    expect(coverage.report().uncoveredTransitions).toEqual(['#toy.working BEAT [0] → (stays)']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { machineCatalogue, earlyRenewalMachine, generationMachine, loginModalMachine, pagedListMachine, userMachine } from '../../../machines/index';
import { acceptedEvents, LiveSession, pendingDelays, Simulation } from '../../../src/features/statechart-explorer/actorSession';
import { EVENT_SAMPLES } from '../../../src/features/statechart-explorer/eventSamples';
import { elkGraphOf, estimateTextWidth, layoutStatechart } from '../../../src/features/statechart-explorer/layout';
import { statechartGraph } from '../../../src/features/statechart-explorer/statechartGraph';
import {
  statechartDefinition,
  statechartFileName,
  statechartImportCode,
  statechartJsonText,
} from '../../../src/features/statechart-explorer/statechartJson';

async function settled(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function entryOf(id: string) {
  const entry = machineCatalogue.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`no ${id}`);
  return entry;
}

describe('Simulation', () => {
  it('drives the generation machine: events, a settled call, a fired timer, reset', async () => {
    const simulation = new Simulation(generationMachine, entryOf('generation').sampleInput);
    simulation.start();
    const state = () => simulation.getState();
    const logged = () => state().log.map((entry) => `${entry.kind} ${entry.text}`);
    expect(state().snapshot?.value).toEqual({ idle: 'editing' });
    // RESTORE is handled too (its guard refuses it while the visit's strip is empty).
    expect(acceptedEvents(state().snapshot!).map((event) => event.type)).toEqual(['CHANGE', 'GENERATE', 'RESTORE']);

    simulation.send(EVENT_SAMPLES.get('generation')!.get('GENERATE')!);
    expect(state().snapshot?.value).toBe('creatingTask');
    expect(state().invokes).toEqual([expect.objectContaining({ actorId: 'createTask', src: 'createTask', handlesDone: true, handlesError: true })]);
    expect(state().invokes[0]?.input).toContain('nb_demo_key');
    // The side effect is logged, not run.
    simulation.send(EVENT_SAMPLES.get('generation')!.get('CHANGE')!);

    simulation.settle('createTask', { done: { code: 200, msg: 'ok', data: { taskId: 'task-1' } } });
    await settled();
    expect(state().snapshot?.value).toBe('polling');
    expect(state().snapshot?.context.taskId).toBe('task-1');
    // The poller is a child the chart does not wait on: it runs until polling is left.
    expect(state().invokes).toEqual([expect.objectContaining({ actorId: 'poller', src: 'poller', handlesDone: false, handlesError: false })]);
    expect(pendingDelays(state().snapshot!)).toEqual([]);

    const texts = logged();
    expect(texts).toContain('event GENERATE');
    expect(texts).toContain('invoke started createTask');
    expect(texts).toContain('action syncDraft (not run: simulation)');
    expect(texts).toContain('event xstate.done.actor.createTask (from createTask)');
    expect(texts).toContain('invoke started poller');

    // A create call whose answer was lost: the history is read after a short wait, fired by hand.
    simulation.reset();
    simulation.send(EVENT_SAMPLES.get('generation')!.get('GENERATE')!);
    simulation.settle('createTask', { error: Object.assign(new Error('Network down'), { kind: 'network' }) });
    await settled();
    expect(state().snapshot?.value).toEqual({ checkingWhetherTaskWasCreated: 'waitingForServer' });
    const delays = pendingDelays(state().snapshot!);
    expect(delays.map((delay) => delay.delay)).toEqual(['LOOKUP_DELAY']);
    expect(delays[0]?.ms).toBe(2000);
    simulation.fire(delays[0]!);
    expect(state().snapshot?.value).toEqual({ checkingWhetherTaskWasCreated: 'lookingInHistory' });
    expect(state().invokes.map((invoke) => invoke.actorId)).toEqual(['findCreatedTask']);

    simulation.settle('findCreatedTask', { error: new Error('Network down') });
    await settled();
    expect(state().snapshot?.value).toBe('taskCreationUnknown');

    expect(logged().some((text) => text.startsWith('timer after LOOKUP_DELAY'))).toBe(true);

    simulation.reset();
    expect(state().snapshot?.value).toEqual({ idle: 'editing' });
    expect(state().invokes).toEqual([]);
    simulation.stop();
  });

  it('never lets a timer fire on its own', async () => {
    // The page's clock, not a real wait: ten minutes pass, past every delay and time limit of the chart.
    vi.useFakeTimers();
    try {
      const simulation = new Simulation(generationMachine, entryOf('generation').sampleInput);
      simulation.start();
      simulation.send({ type: 'GENERATE', apiKey: 'k', balance: 100 });
      simulation.settle('createTask', { error: Object.assign(new Error('Network down'), { kind: 'network' }) });
      await settled();
      expect(simulation.getState().snapshot?.value).toEqual({ checkingWhetherTaskWasCreated: 'waitingForServer' });
      await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
      expect(simulation.getState().snapshot?.value).toEqual({ checkingWhetherTaskWasCreated: 'waitingForServer' });
      simulation.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reaches NOWPayments’ wait for blockchain confirmations from its sample input and the sample look-up answer', () => {
    const entry = entryOf('nowpaymentsPayment');
    const simulation = new Simulation(entry.machine, entry.sampleInput);
    simulation.start();
    expect(simulation.getState().snapshot?.value).toBe('findingOrder');
    simulation.send(EVENT_SAMPLES.get('nowpaymentsPayment')!.get('polling.answered')!);
    expect(simulation.getState().snapshot?.value).toBe('awaitingConfirmations');
    expect(acceptedEvents(simulation.getState().snapshot!).map((event) => event.type)).toEqual(expect.arrayContaining(['DISMISS', 'STOP_WATCHING']));
    simulation.stop();
  });

  it('starts every catalogue machine that is not global with its sample input', () => {
    for (const entry of machineCatalogue) {
      if (entry.id === 'app') continue;
      const simulation = new Simulation(entry.machine, entry.sampleInput);
      simulation.start();
      expect(simulation.getState().failure, entry.id).toBeNull();
      expect(simulation.getState().snapshot?.status, entry.id).toBe('active');
      simulation.stop();
    }
  });

  it('says why an actor stopped', () => {
    const simulation = new Simulation(userMachine, undefined);
    simulation.start();
    expect(simulation.getState().failure).not.toBeNull();
  });

  it('marks an event a guard refuses now', () => {
    const simulation = new Simulation(pagedListMachine, entryOf('pagedList').sampleInput);
    simulation.start();
    const events = acceptedEvents(simulation.getState().snapshot!);
    expect(events.every((event) => typeof event.enabled === 'boolean')).toBe(true);
    simulation.stop();
  });
});

describe('LiveSession', () => {
  it('follows an actor, sends it events and logs them', () => {
    const actor = createActor(loginModalMachine).start();
    const session = new LiveSession(actor, actor.system);
    session.start();
    expect(session.getState().snapshot?.value).toBe('closed');
    session.send({ type: 'OPEN' });
    expect(session.getState().snapshot?.value).toEqual({ open: 'initial' });
    expect(session.getState().log.map((entry) => entry.text)).toContain('OPEN');
    session.stop();
    actor.send({ type: 'CLOSE' });
    // Stopped: no longer follows.
    expect(session.getState().snapshot?.value).toEqual({ open: 'initial' });
    actor.stop();
  });
});

describe('statechart JSON export', () => {
  it('is JSON of the config, with functions named and computed values left out', () => {
    const definition = statechartDefinition(pagedListMachine, 'A list');
    const text = statechartJsonText(pagedListMachine, 'A list');
    expect(JSON.parse(text)).toEqual(definition);
    expect(definition).toMatchObject({ id: 'pagedList', description: 'A list' });
    expect(definition).not.toHaveProperty('context');
    // A guard given params by the transition is named by its type; a higher-order one by its operands too.
    expect(text).toContain('"hasRecords"');
    expect(statechartJsonText(earlyRenewalMachine)).toContain('"and(notDismissed, isBalanceLow)"');
    expect(text).not.toContain('[function');
    expect(statechartFileName('pagedList')).toBe('pagedList.statechart.json');
    expect(statechartImportCode(pagedListMachine)).toMatch(
      /^import \{ createMachine \} from 'xstate';\n\nexport const pagedListMachine = createMachine\(\{/,
    );
  });

  it('keeps a context given as data and drops invoke inputs', () => {
    const modal = statechartDefinition(loginModalMachine);
    expect(modal.context).toEqual({ view: 'signIn', email: '', keepPage: false });
    const generation = JSON.stringify(statechartDefinition(generationMachine));
    expect(generation).toContain('"src":"createTask"');
    expect(generation).not.toContain('"input"');
    expect(generation).toContain('"LOOKUP_DELAY":"lookingInHistory"');
  });

  it('exports every catalogue machine', () => {
    for (const { id, machine, description } of machineCatalogue) {
      const parsed = JSON.parse(statechartJsonText(machine, description)) as { id: string; states: object };
      expect(parsed.id).toBe(id);
      expect(Object.keys(parsed.states).length).toBeGreaterThan(0);
    }
  });
});

describe('layout', () => {
  it('lays out every catalogue machine, each state and arrow placed', async () => {
    for (const { id, machine } of machineCatalogue) {
      const graph = statechartGraph(machine);
      const layout = await layoutStatechart(graph, estimateTextWidth);
      expect(layout.boxes, id).toHaveLength(graph.nodes.length);
      const arrows = graph.edges.filter((edge) => !edge.internal && !edge.self).reduce((sum, edge) => sum + edge.targetIds.length, 0);
      expect(layout.edges, id).toHaveLength(arrows);
      for (const placed of layout.edges) expect(placed.points.length, `${id} ${placed.key}`).toBeGreaterThanOrEqual(2);
      expect(layout.width).toBeGreaterThan(0);
      // Every box lies inside its parent.
      const boxes = new Map(layout.boxes.map((box) => [box.node.id, box]));
      for (const box of layout.boxes) {
        const parent = box.node.parentId ? boxes.get(box.node.parentId) : undefined;
        if (!parent) continue;
        expect(box.x, `${id} ${box.node.id}`).toBeGreaterThanOrEqual(parent.x);
        expect(box.y + box.height, `${id} ${box.node.id}`).toBeLessThanOrEqual(parent.y + parent.height);
      }
    }
  }, 60_000);

  it('marks the initial state of each compound state with a dot', () => {
    const graph = statechartGraph(generationMachine);
    const input = elkGraphOf(graph, estimateTextWidth);
    const root = input.graph.children?.[0];
    expect(root?.id).toBe('generation');
    expect(root?.children?.[0]?.id).toBe('generation::initial');
    expect(root?.edges?.[0]).toMatchObject({ sources: ['generation::initial'], targets: ['generation.idle'] });
  });

  it('hands transitions back to an earlier state to ELK reversed, and draws them the right way', async () => {
    const graph = statechartGraph(generationMachine);
    const input = elkGraphOf(graph, estimateTextWidth);
    const back = input.graph.edges?.find((edge) => edge.id === '#generation.validating always [0]->generation.idle.invalid');
    expect(back).toMatchObject({ sources: ['generation.idle.invalid'], targets: ['generation.validating'] });
    const layout = await layoutStatechart(graph, estimateTextWidth);
    const placed = layout.edges.find((edge) => edge.key === '#generation.validating always [0]->generation.idle.invalid');
    const validating = layout.boxes.find((box) => box.node.id === 'generation.validating');
    const idle = layout.boxes.find((box) => box.node.id === 'generation.idle');
    // Written first, drawn first: idle above validating; the arrow still starts at validating.
    expect(idle!.y).toBeLessThan(validating!.y);
    const start = placed!.points[0]!;
    expect(start.y).toBeGreaterThanOrEqual(validating!.y - 1);
    expect(start.y).toBeLessThanOrEqual(validating!.y + validating!.height + 1);
  });
});

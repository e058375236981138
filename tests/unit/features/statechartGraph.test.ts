import { describe, expect, it } from 'vitest';
import {
  machineCatalogue,
  generationMachine,
  userMachine,
  emailCodeMachine,
  loginModalMachine,
  appMachine,
  earlyRenewalMachine,
} from '../../../machines/index';
import { MachineCoverage } from '../../machines/runner/coverage';
import { describeEvent, guardLabel, statechartGraph, statePath } from '../../../src/features/statechart-explorer/statechartGraph';

/** The key at the start of a coverage description: `#source EVENT [n]`. */
function coverageKey(description: string): string {
  return description.slice(0, description.indexOf(']') + 1);
}

describe('statechartGraph lists what the coverage report lists', () => {
  for (const { id, machine } of machineCatalogue) {
    it(`${id}: every state node and every transition candidate`, () => {
      const graph = statechartGraph(machine);
      // Nothing replayed: the report lists every state and transition as uncovered.
      const report = new MachineCoverage(machine).report();

      expect(graph.nodes).toHaveLength(report.states);
      expect(graph.nodes.map((node) => `#${node.id}`).sort()).toEqual([...report.uncoveredStates].sort());

      expect(graph.edges).toHaveLength(report.transitions);
      const described = new Map(report.uncoveredTransitions.map((description) => [coverageKey(description), description]));
      expect(graph.edges.map((edge) => edge.id).sort()).toEqual([...described.keys()].sort());

      for (const edge of graph.edges) {
        const description = described.get(edge.id) ?? '';
        // The coverage report names string guards; the model names them the same way.
        const stringGuard = / if (\S+) →/.exec(description)?.[1];
        if (stringGuard) expect(edge.guard, edge.id).toBe(stringGuard);
        if (description.includes('(guarded)')) expect(edge.guard, edge.id).not.toBeNull();
        if (!description.includes(' if ') && !description.includes('(guarded)')) expect(edge.guard, edge.id).toBeNull();
        // Same targets, in the same order.
        const targets = description.split(' → ')[1];
        expect(edge.targetIds.length === 0 ? '(stays)' : edge.targetIds.map((target) => `#${target}`).join(', '), edge.id).toBe(targets);
        if (edge.kind === 'after') expect(edge.delay, edge.id).toBeTruthy();
      }

      // Every node but the root hangs under its parent, and the parent lists it.
      const byId = new Map(graph.nodes.map((node) => [node.id, node]));
      for (const node of graph.nodes) {
        if (node.parentId === null) {
          expect(node.id).toBe(graph.rootId);
          continue;
        }
        expect(byId.get(node.parentId)?.childIds).toContain(node.id);
      }
    });
  }
});

describe('statechartGraph names', () => {
  it('names delays, eventless transitions and invoke results', () => {
    const graph = statechartGraph(generationMachine);
    const byLabel = (label: string) => graph.edges.filter((edge) => edge.label === label);

    const lookupDelay = graph.edges.find((edge) => edge.sourceId === 'generation.checkingWhetherTaskWasCreated.waitingForServer');
    expect(lookupDelay).toMatchObject({
      kind: 'after',
      delay: 'LOOKUP_DELAY',
      event: 'after LOOKUP_DELAY',
      targetIds: ['generation.checkingWhetherTaskWasCreated.lookingInHistory'],
    });

    expect(byLabel('always [hasFieldErrors]')).toHaveLength(1);
    expect(byLabel('always')).toHaveLength(1);
    expect(byLabel('done: createTask [isTaskCreated]')[0]).toMatchObject({
      kind: 'done',
      invokeId: 'createTask',
      actions: ['setTaskId'],
      targetIds: ['generation.polling'],
    });
    expect(byLabel('error: createTask')[0]).toMatchObject({ kind: 'error', invokeId: 'createTask', targetIds: ['generation.failed'] });

    // The root's CHANGE only runs actions: it stays where it is.
    expect(graph.edges.find((edge) => edge.sourceId === 'generation' && edge.eventType === 'CHANGE')).toMatchObject({
      internal: true,
      targetIds: [],
      actions: ['setDraft', 'syncDraft'],
    });
  });

  it('names a delay given in milliseconds by its number', () => {
    expect(describeEvent('xstate.after.1000.m.a', 'm.a')).toMatchObject({ kind: 'after', delay: '1000', event: 'after 1000 ms' });
    expect(describeEvent('xstate.done.state.m.a', 'm')).toMatchObject({ kind: 'stateDone', event: 'done: a' });
  });

  it('shows and/or/not guards with their operands', () => {
    const graph = statechartGraph(earlyRenewalMachine);
    expect(graph.edges.some((edge) => edge.guard === 'and(notDismissed, isBalanceLow)')).toBe(true);
    expect(statechartGraph(loginModalMachine).edges.some((edge) => edge.guard === 'not(keepsPage)')).toBe(true);
    expect(guardLabel({ type: 'isOk', params: { code: 1 } })).toBe('isOk');
    expect(guardLabel(undefined)).toBeNull();
  });

  it('marks self transitions that re-enter, and leaves the delayed-event machinery out of entry actions', () => {
    const graph = statechartGraph(emailCodeMachine);
    const again = graph.edges.find((edge) => edge.sourceId === 'emailCode.cooldown' && edge.guard === 'hasSecondsLeft');
    expect(again).toMatchObject({ self: true, reenter: true, event: 'after ONE_SECOND', actions: ['decrementSeconds'] });
    const cooldown = graph.nodes.find((node) => node.id === 'emailCode.cooldown');
    expect(cooldown?.entry).toEqual([]);
    expect(cooldown?.exit).toEqual([]);
  });

  it('describes nesting, parallel regions, initial states, tags and invoked actors', () => {
    const graph = statechartGraph(userMachine);
    const node = (path: string) => graph.nodes.find((candidate) => statePath(graph, candidate.id) === path);
    expect(node('user')).toMatchObject({
      type: 'parallel',
      key: 'user',
      parentId: null,
      invokes: [{ id: 'watchOtherTabs', src: 'watchOtherTabs', systemId: null }],
    });
    expect(node('session')).toMatchObject({ isRegion: true, type: 'compound' });
    expect(node('session.checkingStoredLogin')).toMatchObject({ isInitial: true, isRegion: false });
    expect(node('session.anonymous')).toMatchObject({
      tags: ['anonymous'],
      childIds: ['user.session.anonymous.noStoredLogin', 'user.session.anonymous.signedOut', 'user.session.anonymous.sessionExpired'],
    });
    expect(node('session.fetchingUser')?.invokes).toEqual([{ id: 'fetchUserInfo', src: 'fetchUserInfo', systemId: null }]);

    const app = statechartGraph(appMachine);
    expect(app.nodes.find((candidate) => candidate.key === 'running')?.invokes.map((invoke) => invoke.systemId)).toContain('loginModal');

    const modal = statechartGraph(loginModalMachine);
    expect(modal.nodes.find((candidate) => candidate.id === 'loginModal.open.initial')).toMatchObject({ isInitial: true });
    expect(modal.nodes.find((candidate) => candidate.id === 'loginModal.open.verify')).toMatchObject({ isInitial: false, tags: ['verify'] });
  });
});

import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';

type StateNode = AnyStateMachine['root'];

export interface CoverageReport {
  id: string;
  states: number;
  statesCovered: number;
  transitions: number;
  transitionsCovered: number;
  uncoveredStates: string[];
  uncoveredTransitions: string[];
}

function allStateNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

/** The candidates a transition is one of: same source, same event (eventless ones are `always`). */
function candidates(transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  const source = transition.source;
  return transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
}

/** Stable across `machine.provide()` (which rebuilds the nodes): source id, event, index among its candidates. */
function transitionKey(sourceId: string, eventType: string, index: number): string {
  return `#${sourceId} ${eventType === '' ? 'always' : eventType} [${index}]`;
}

function describeTransition(key: string, transition: AnyTransitionDefinition): string {
  const targets = transition.target?.map((node) => `#${node.id}`).join(', ');
  const guard = transition.guard === undefined ? '' : typeof transition.guard === 'string' ? ` if ${transition.guard}` : ' (guarded)';
  return `${key}${guard} → ${targets ?? '(stays)'}`;
}

function nodesOf(snapshot: unknown): StateNode[] {
  if (typeof snapshot !== 'object' || snapshot === null || !('_nodes' in snapshot) || !Array.isArray(snapshot._nodes)) return [];
  return snapshot._nodes as StateNode[];
}

/**
 * Lists every state node and every transition candidate of a machine (walking `machine.root`, including
 * eventless, delayed and invoke done/error transitions) and marks those a replayed actor really took, from the
 * `@xstate.microstep` inspection events of the machine under test.
 */
export class MachineCoverage {
  readonly id: string;
  private readonly states = new Set<string>();
  private readonly transitions = new Map<string, string>();
  private readonly coveredStates = new Set<string>();
  private readonly coveredTransitions = new Set<string>();

  constructor(machine: AnyStateMachine) {
    this.id = machine.id;
    for (const node of allStateNodes(machine.root)) {
      this.states.add(node.id);
      for (const [eventType, list] of node.transitions) {
        list.forEach((transition, index) => {
          const key = transitionKey(node.id, eventType, index);
          this.transitions.set(key, describeTransition(key, transition));
        });
      }
      (node.always ?? []).forEach((transition, index) => {
        const key = transitionKey(node.id, '', index);
        this.transitions.set(key, describeTransition(key, transition));
      });
    }
  }

  /** Give it the inspection events of the machine under test only (not of the fakes it invokes): replay filters. */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) {
      // A taken transition proves its source was active, even an eventless one never seen at rest.
      this.coveredStates.add(transition.source.id);
      const index = candidates(transition).indexOf(transition);
      this.coveredTransitions.add(transitionKey(transition.source.id, transition.eventType, index));
    }
    this.markSnapshot(event.snapshot);
  };

  /** Marks the states a snapshot is in (the initial one produces no microstep of its own). */
  markSnapshot(snapshot: unknown): void {
    for (const node of nodesOf(snapshot)) this.coveredStates.add(node.id);
  }

  report(): CoverageReport {
    const uncoveredStates = [...this.states].filter((id) => !this.coveredStates.has(id));
    const uncoveredTransitions = [...this.transitions.keys()].filter((key) => !this.coveredTransitions.has(key));
    return {
      id: this.id,
      states: this.states.size,
      statesCovered: this.states.size - uncoveredStates.length,
      transitions: this.transitions.size,
      transitionsCovered: this.transitions.size - uncoveredTransitions.length,
      uncoveredStates: uncoveredStates.map((id) => `#${id}`),
      uncoveredTransitions: uncoveredTransitions.map((key) => this.transitions.get(key) ?? key),
    };
  }
}

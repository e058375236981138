/**
 * A machine as plain data for the statechart explorer: every state node (nested) and every transition
 * candidate, with the names a reader needs (events, guards, delays, invoked actors, actions). Pure: no DOM,
 * no layout. It lists exactly what the model-based tests' coverage walks (`machine.root`, transitions and
 * eventless ones), so the chart and the coverage report count the same things.
 */
import { and, not, or, type AnyStateMachine, type AnyTransitionDefinition } from 'xstate';

type StateNode = AnyStateMachine['root'];

type StateNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

interface InvokedActor {
  id: string;
  src: string;
  /** Set when the actor is reachable through the actor system by this name. */
  systemId: string | null;
}

export interface StatechartNode {
  /** The state node's id (`machine.child.grandchild`), unique in the machine. */
  id: string;
  /** Its key: what the chart shows. The root's key is the machine id. */
  key: string;
  type: StateNodeType;
  parentId: string | null;
  /** Whether a parallel state is its parent: it is then one region of it. */
  isRegion: boolean;
  /** Whether its compound parent starts in it. */
  isInitial: boolean;
  childIds: string[];
  tags: string[];
  invokes: InvokedActor[];
  entry: string[];
  exit: string[];
  description: string | null;
  /** Root first, then depth-first in document order. */
  depth: number;
}

type TransitionKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'stateDone' | 'wildcard';

export interface StatechartEdge {
  /** `#source event [index]`, the key the coverage report uses for the same candidate. */
  id: string;
  sourceId: string;
  /** Empty for a transition that stays where it is and only runs its actions. */
  targetIds: string[];
  /** The raw event type ('' for an eventless one). */
  eventType: string;
  kind: TransitionKind;
  /** What the chart writes: the event type, `after DELAY`, `always`, `done: invokeId`, `error: invokeId`. */
  event: string;
  /** The delay's name (or its milliseconds) for an `after` transition. */
  delay: string | null;
  /** The invoke id for a done/error transition. */
  invokeId: string | null;
  guard: string | null;
  actions: string[];
  reenter: boolean;
  /** Targetless: runs its actions, no state is left or entered. */
  internal: boolean;
  /** Targets its own source (left and entered again when `reenter`). */
  self: boolean;
  /** Its place among the candidates for the same source and event. */
  index: number;
  /** `EVENT [guard]`. */
  label: string;
}

export interface StatechartGraph {
  machineId: string;
  rootId: string;
  nodes: StatechartNode[];
  edges: StatechartEdge[];
}

// The higher-order guards are functions carrying their operands; their `check` tells which one they are.
// Compared by identity with reference instances, so a minifier renaming the functions does not matter.
const HIGHER_ORDER_CHECKS = new Map<unknown, string>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('x')), 'not'],
]);

function checkOf(guard: unknown): unknown {
  return typeof guard === 'function' && 'check' in guard ? guard.check : undefined;
}

function nameOfFunction(fn: { name?: string }, fallback: string): string {
  return fn.name && fn.name !== 'anonymous' ? fn.name : fallback;
}

/** A guard as a reader names it: `isOk`, `and(isOk, hasRecords)`, `not(isOk)`. */
export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const operands: unknown = 'guards' in guard ? guard.guards : undefined;
    const kind = HIGHER_ORDER_CHECKS.get(checkOf(guard));
    if (Array.isArray(operands))
      return `${kind ?? nameOfFunction(guard, 'guard')}(${operands.map((operand) => guardLabel(operand) ?? '?').join(', ')})`;
    return nameOfFunction(guard, 'inline guard');
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
}

/** An action as a reader names it: its name, a built-in's type (`xstate.assign`), or `inline`. */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    if ('type' in action && typeof action.type === 'string') return action.type;
    return nameOfFunction(action, 'inline action');
  }
  if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string') return action.type;
  return 'action';
}

/** The delayed-transition machinery XState adds to entry/exit (raise after a delay, cancel on exit). */
function isAfterMachinery(action: unknown): boolean {
  if (typeof action !== 'function' || !('type' in action)) return false;
  if (action.type === 'xstate.cancel') return true;
  if (action.type !== 'xstate.raise' || !('event' in action)) return false;
  const event: unknown = action.event;
  return typeof event === 'object' && event !== null && 'type' in event && typeof event.type === 'string' && event.type.startsWith('xstate.after.');
}

function visibleActions(actions: readonly unknown[]): string[] {
  return actions.filter((action) => !isAfterMachinery(action)).map(actionLabel);
}

const AFTER_PREFIX = 'xstate.after.';
const DONE_ACTOR_PREFIX = 'xstate.done.actor.';
const ERROR_ACTOR_PREFIX = 'xstate.error.actor.';
const DONE_STATE_PREFIX = 'xstate.done.state.';

/** The delay of `xstate.after.<delay>.<sourceId>`, or null for any other event type. */
export function delayOfEvent(eventType: string, sourceId: string): string | null {
  const suffix = `.${sourceId}`;
  if (!eventType.startsWith(AFTER_PREFIX) || !eventType.endsWith(suffix)) return null;
  return eventType.slice(AFTER_PREFIX.length, eventType.length - suffix.length);
}

function delayText(delay: string): string {
  return /^\d+$/.test(delay) ? `${delay} ms` : delay;
}

interface EventDescription {
  kind: TransitionKind;
  event: string;
  delay: string | null;
  invokeId: string | null;
}

/** How the chart names an event type taken from `sourceId`. */
export function describeEvent(eventType: string, sourceId: string): EventDescription {
  if (eventType === '') return { kind: 'always', event: 'always', delay: null, invokeId: null };
  const delay = delayOfEvent(eventType, sourceId);
  if (delay !== null) return { kind: 'after', event: `after ${delayText(delay)}`, delay, invokeId: null };
  if (eventType.startsWith(DONE_ACTOR_PREFIX)) {
    const invokeId = eventType.slice(DONE_ACTOR_PREFIX.length);
    return { kind: 'done', event: `done: ${invokeId}`, delay: null, invokeId };
  }
  if (eventType.startsWith(ERROR_ACTOR_PREFIX)) {
    const invokeId = eventType.slice(ERROR_ACTOR_PREFIX.length);
    return { kind: 'error', event: `error: ${invokeId}`, delay: null, invokeId };
  }
  if (eventType.startsWith(DONE_STATE_PREFIX)) {
    const stateId = eventType.slice(DONE_STATE_PREFIX.length);
    return { kind: 'stateDone', event: `done: ${stateId.split('.').pop() ?? stateId}`, delay: null, invokeId: null };
  }
  if (eventType === '*') return { kind: 'wildcard', event: '*', delay: null, invokeId: null };
  return { kind: 'event', event: eventType, delay: null, invokeId: null };
}

/** The coverage report's key for a candidate (tests/machines/runner/coverage.ts). */
function transitionKey(sourceId: string, eventType: string, index: number): string {
  return `#${sourceId} ${eventType === '' ? 'always' : eventType} [${index}]`;
}

function edgeOf(source: StateNode, eventType: string, transition: AnyTransitionDefinition, index: number): StatechartEdge {
  const description = describeEvent(eventType, source.id);
  const targetIds = (transition.target ?? []).map((target) => target.id);
  const guard = guardLabel(transition.guard);
  return {
    id: transitionKey(source.id, eventType, index),
    sourceId: source.id,
    targetIds,
    eventType,
    ...description,
    guard,
    actions: visibleActions(transition.actions),
    reenter: transition.reenter,
    internal: targetIds.length === 0,
    self: targetIds.length === 1 && targetIds[0] === source.id,
    index,
    label: guard === null ? description.event : `${description.event} [${guard}]`,
  };
}

function allStateNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

function initialChildId(node: StateNode): string | null {
  if (node.type !== 'compound') return null;
  const target = node.initial.target[0];
  // The initial target may be deep (`initial: 'a.b'`): the child on the way there is the one marked.
  let child = target;
  while (child && child.parent && child.parent !== node) child = child.parent;
  return child?.parent === node ? child.id : null;
}

function invokesOf(node: StateNode): InvokedActor[] {
  return node.invoke.map((definition) => ({
    id: definition.id,
    src: typeof definition.src === 'string' ? definition.src : 'inline actor',
    systemId: definition.systemId ?? null,
  }));
}

/** Every state node and transition candidate of a machine, as plain data. */
export function statechartGraph(machine: AnyStateMachine): StatechartGraph {
  const stateNodes = allStateNodes(machine.root);
  const nodes: StatechartNode[] = stateNodes.map((node) => {
    const parent = node.parent ?? null;
    return {
      id: node.id,
      key: node.parent ? node.key : machine.id,
      type: node.type,
      parentId: parent?.id ?? null,
      isRegion: parent?.type === 'parallel',
      isInitial: parent !== null && initialChildId(parent) === node.id,
      childIds: Object.values(node.states).map((child) => child.id),
      tags: [...node.tags],
      invokes: invokesOf(node),
      entry: visibleActions(node.entry),
      exit: visibleActions(node.exit),
      description: node.description ?? null,
      depth: node.path.length,
    };
  });

  const edges: StatechartEdge[] = [];
  for (const node of stateNodes) {
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((transition, index) => edges.push(edgeOf(node, eventType, transition, index)));
    }
    (node.always ?? []).forEach((transition, index) => edges.push(edgeOf(node, '', transition, index)));
  }
  return { machineId: machine.id, rootId: machine.root.id, nodes, edges };
}

/** A state's id without the machine prefix (`polling.waiting`), or the machine id for the root. */
export function statePath(graph: StatechartGraph, nodeId: string): string {
  if (nodeId === graph.rootId) return graph.machineId;
  // A state given an id of its own does not carry the machine's prefix.
  return nodeId.startsWith(`${graph.rootId}.`) ? nodeId.slice(graph.rootId.length + 1) : nodeId;
}

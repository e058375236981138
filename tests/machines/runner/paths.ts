import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, ContextFrom, InputFrom, SnapshotFrom } from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  type AdjacencyMap,
  type AdjacencyValue,
  type StatePath,
  type TraversalOptions,
} from 'xstate/graph';
import { defaultEventLabel, INIT_EVENT_TYPE, type PathEvent } from './events';

export type PathEvents<TMachine extends AnyStateMachine> =
  ReadonlyArray<PathEvent<TMachine>> | ((snapshot: SnapshotFrom<TMachine>) => ReadonlyArray<PathEvent<TMachine>>);

export interface GeneratePathsOptions<TMachine extends AnyStateMachine> {
  /** User events plus synthetic ones (`done`, `failure`, `after` from ./events); tried in every state. */
  events: PathEvents<TMachine>;
  input?: InputFrom<TMachine>;
  /**
   * What of the context makes two snapshots different states of the graph (default: all of it). Machines whose
   * context grows without bound (counters) must project it, or the graph never ends. Keep whatever a guard reads:
   * a state's onward steps are computed from the first snapshot seen with its key, so replay would disagree.
   */
  serializeContext?: (context: ContextFrom<TMachine>) => unknown;
  /** Stops enumerating simple paths after this many; without it every simple path is taken (can explode). */
  maxSimplePaths?: number;
  eventLabel?: (event: AnyEventObject) => string;
}

interface PathStep {
  /** The event taken; the first step's is `xstate.init` (starting the actor). */
  event: AnyEventObject;
  /** The snapshot the pure model reached after the event. */
  state: AnyMachineSnapshot;
}

export interface MachinePath {
  description: string;
  steps: PathStep[];
}

type Snapshot = AnyMachineSnapshot;
type Traversal = TraversalOptions<Snapshot, AnyEventObject, unknown>;

function traversalOptions<TMachine extends AnyStateMachine>(options: GeneratePathsOptions<TMachine>): Traversal {
  const project = options.serializeContext as ((context: unknown) => unknown) | undefined;
  const events = options.events as ReadonlyArray<AnyEventObject> | ((snapshot: Snapshot) => ReadonlyArray<AnyEventObject>);
  return {
    input: options.input,
    events: typeof events === 'function' ? events : [...events],
    // Only events the state accepts: an ignored event is a self-loop that would only multiply paths.
    filterEvents: (snapshot, event) => snapshot.can(event),
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, context: project ? project(snapshot.context) : snapshot.context }),
  };
}

/** xstate/graph's steps already read "event, then the state it led to", starting with xstate.init. */
function toSteps(path: StatePath<Snapshot, AnyEventObject>): PathStep[] {
  return path.steps.map((step) => ({ event: step.event, state: step.state }));
}

/**
 * Simple paths, bounded: the same depth-first walk as xstate/graph's getSimplePaths over the same adjacency map,
 * stopping after `max` paths.
 */
function boundedSimplePaths(
  adjacency: AdjacencyMap<Snapshot, AnyEventObject>,
  start: string,
  serialize: (s: Snapshot) => string,
  max: number,
): PathStep[][] {
  const found: PathStep[][] = [];
  const visiting = new Set<string>([start]);
  const startState = adjacency[start as keyof typeof adjacency]?.state;
  if (!startState) return found;
  const trail: PathStep[] = [{ event: { type: INIT_EVENT_TYPE }, state: startState }];
  const walk = (key: string): void => {
    const node = adjacency[key as keyof typeof adjacency];
    if (!node) return;
    for (const { event, state } of Object.values(node.transitions)) {
      if (found.length >= max) return;
      const next = serialize(state);
      if (visiting.has(next)) continue;
      visiting.add(next);
      trail.push({ event, state });
      found.push([...trail]);
      walk(next);
      trail.pop();
      visiting.delete(next);
    }
  };
  walk(start);
  return found;
}

/** One path per edge of the graph: the shortest path to its source, then the edge. Reaches edges back to visited states. */
function edgePaths(adjacency: AdjacencyMap<Snapshot, AnyEventObject>, shortest: Map<string, PathStep[]>): PathStep[][] {
  const paths: PathStep[][] = [];
  const nodes: Array<[string, AdjacencyValue<Snapshot, AnyEventObject>]> = Object.entries(adjacency);
  for (const [key, node] of nodes) {
    const head = shortest.get(key);
    if (!head) continue;
    for (const { event, state } of Object.values(node.transitions)) paths.push([...head, { event, state }]);
  }
  return paths;
}

/** The initial state's key: every shortest path starts there. */
function startKey(paths: Array<StatePath<Snapshot, AnyEventObject>>, serialize: (s: Snapshot) => string): string {
  const first = paths[0]?.steps[0];
  if (!first) throw new Error('The machine has no initial state to start paths from');
  return serialize(first.state);
}

function eventKey(event: AnyEventObject): string {
  return JSON.stringify(event);
}

/** Drops duplicates and paths that are a prefix of another: replay checks every step, so the longer path says it all. */
function withoutRedundantPaths(paths: PathStep[][]): PathStep[][] {
  const keyed = paths.map((steps) => ({ steps, keys: steps.map((step) => eventKey(step.event)) }));
  keyed.sort((a, b) => b.keys.length - a.keys.length);
  const covered = new Set<string>();
  const kept: PathStep[][] = [];
  for (const { steps, keys } of keyed) {
    const whole = keys.join('\u0000');
    if (covered.has(whole)) continue;
    kept.push(steps);
    for (let length = 1; length <= keys.length; length += 1) covered.add(keys.slice(0, length).join('\u0000'));
  }
  // Shortest first reads better in the test report.
  return kept.reverse();
}

function describePath(steps: PathStep[], label: (event: AnyEventObject) => string): string {
  // Runs of the same event read as one: `after:ONE_SECOND ×59`.
  const runs: Array<{ text: string; count: number }> = [];
  for (const step of steps.slice(1)) {
    const text = label(step.event);
    const last = runs.at(-1);
    if (last?.text === text) last.count += 1;
    else runs.push({ text, count: 1 });
  }
  return runs.length ? runs.map(({ text, count }) => (count > 1 ? `${text} ×${count}` : text)).join(' → ') : '(start)';
}

/**
 * The paths to replay: every shortest path, simple paths (optionally bounded), and a path through every edge of
 * the state graph, de-duplicated.
 */
export function generatePaths<TMachine extends AnyStateMachine>(machine: TMachine, options: GeneratePathsOptions<TMachine>): MachinePath[] {
  const logic: AnyStateMachine = machine;
  const traversal = traversalOptions(options);
  const serialize = (snapshot: Snapshot): string => traversal.serializeState?.(snapshot, undefined) ?? JSON.stringify(snapshot.value);

  const shortestPaths = getShortestPaths(logic, traversal);
  const shortest = new Map(shortestPaths.map((path) => [serialize(path.state), toSteps(path)]));
  const adjacency = getAdjacencyMap(logic, traversal);

  const simple =
    options.maxSimplePaths === undefined
      ? getSimplePaths(logic, traversal).map(toSteps)
      : boundedSimplePaths(adjacency, startKey(shortestPaths, serialize), serialize, options.maxSimplePaths);

  const label = options.eventLabel ?? defaultEventLabel;
  const unique = withoutRedundantPaths([...shortest.values(), ...simple, ...edgePaths(adjacency, shortest)]);
  const names = new Map<string, number>();
  return unique.map((steps) => {
    const base = describePath(steps, label);
    const seen = names.get(base) ?? 0;
    names.set(base, seen + 1);
    return { description: seen ? `${base} (#${seen + 1})` : base, steps };
  });
}

/**
 * The rig for fuzzing a statechart: a real actor whose invoked actors are fakes that settle as a generated
 * script says, whose app-supplied actions do nothing, driven by generated events and clock moves. After every
 * step it checks that the actor has not failed and that its state value names existing state nodes only; and after
 * every event, that the actor went where the chart itself says that event leads from where it was (xstate's
 * `getNextSnapshot`, a pure transition of the same logic): the same state and the same context. So an action that
 * changes context in place instead of assigning it, or anything else that moves the actor where its chart does not,
 * fails the run.
 *
 * Guards the app provides that vet an address (where a redirect may go) are not faked: the spec hands in the
 * app's own, and every address a redirect action is given must pass the spec's rule for where the user may be sent.
 *
 * Everything a run does is in its plan (plain data), so fast-check prints it and replays it from seed and path.
 */
import * as fc from 'fast-check';
import { vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  getNextSnapshot,
  type Actor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type EventFrom,
  type InputFrom,
  type StateValue,
} from 'xstate';
import { isNotProvided } from '../../../machines/notProvided';
import { thrownValue } from './arbitraries';

type StateNode = AnyStateMachine['root'];

// ---------------------------------------------------------------------------------------------------
// What a machine's fuzzing needs, typed by the machine itself
// ---------------------------------------------------------------------------------------------------

/** Events a view (or a callback actor) sends: everything but xstate's own. */
type ViewEvent<M extends AnyStateMachine> = Exclude<EventFrom<M>, { type: `xstate.${string}` }>;
type Payload<E> = { [K in keyof E as K extends 'type' ? never : K]: E[K] };
/** For each event type the machine declares, how to make its fields. */
type EventPayloads<M extends AnyStateMachine> = { [E in ViewEvent<M> as E['type']]: fc.Arbitrary<Payload<E>> };

type DoneEvent<M extends AnyStateMachine> = Extract<EventFrom<M>, { type: `xstate.done.actor.${string}` }>;
/** For each invoke id, what the app's implementation may resolve with (what the API client can hand back). */
type InvokeOutputs<M extends AnyStateMachine> = {
  [E in DoneEvent<M> as E['type'] extends `xstate.done.actor.${infer Id}` ? Id : never]: fc.Arbitrary<E extends { output: infer O } ? O : never>;
};

export interface MachineSpec<M extends AnyStateMachine> {
  input?: fc.Arbitrary<InputFrom<M>>;
  events: EventPayloads<M>;
  /**
   * Partial: a machine of the shared payment chart declares every provider's actors, and invokes only its own.
   * specGaps still requires outputs for every invoke the machine has.
   */
  outputs: Partial<InvokeOutputs<M>>;
  /** Callback actors by src: faked as silent; the events they would send are sent like any other. */
  callbacks?: readonly string[];
  /** Guards the app provides, by name, as the app provides them (the real URL checks of src/actors): never faked. */
  appGuards?: Record<string, unknown>;
  /** Actions that send the user to an address (the app does location.assign), by name: where each sends them. */
  redirects?: Record<string, Destination>;
  /** Where the user may ever be sent; a redirect anywhere else fails the run. */
  mayRedirectTo?: (url: string) => boolean;
  /** `kind`s the rejections of this machine's actors may carry besides the API client's. */
  errorKinds?: readonly string[];
}

/** Where a redirect action sends the user, read from what the action is given (as the app's action reads it). */
type Destination = (args: { context: unknown }, params: unknown) => string;

/** A spec with its types erased, so machines of every kind can sit in one table. */
export interface FuzzTarget {
  machine: AnyStateMachine;
  input: fc.Arbitrary<unknown> | undefined;
  events: Record<string, fc.Arbitrary<object>>;
  outputs: Record<string, fc.Arbitrary<unknown>>;
  callbacks: readonly string[];
  appGuards: Record<string, unknown>;
  redirects: Record<string, Destination>;
  mayRedirectTo: (url: string) => boolean;
  errorKinds: readonly string[];
  /** Invoked child machines (by src), fuzzed with their own specs; their events are sent to them by invoke id. */
  children: Record<string, FuzzTarget>;
}

export function fuzzTarget<M extends AnyStateMachine>(machine: M, spec: MachineSpec<M>): FuzzTarget {
  return {
    machine,
    input: spec.input,
    events: spec.events as Record<string, fc.Arbitrary<object>>,
    outputs: spec.outputs as Record<string, fc.Arbitrary<unknown>>,
    callbacks: spec.callbacks ?? [],
    appGuards: spec.appGuards ?? {},
    redirects: spec.redirects ?? {},
    mayRedirectTo: spec.mayRedirectTo ?? (() => false),
    errorKinds: spec.errorKinds ?? [],
    children: {},
  };
}

/** A machine that only starts others (the app root): each child runs with its own fakes. */
export function compositeTarget<M extends AnyStateMachine>(
  machine: M,
  spec: { input: fc.Arbitrary<InputFrom<M>>; children: Record<string, FuzzTarget> },
): FuzzTarget {
  return {
    machine,
    input: spec.input,
    events: {},
    outputs: {},
    callbacks: [],
    appGuards: {},
    redirects: {},
    mayRedirectTo: () => false,
    errorKinds: [],
    children: spec.children,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading the machine
// ---------------------------------------------------------------------------------------------------

function allStateNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

/** Every event type some transition of the machine takes, xstate's own (done, error, after) left out. */
export function handledEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allStateNodes(machine.root)) {
    for (const type of Object.keys(node.on)) if (!type.startsWith('xstate.') && type !== '*') types.add(type);
  }
  return [...types].sort();
}

interface InvokeSite {
  id: string;
  src: string;
}

function invokeSites(machine: AnyStateMachine): InvokeSite[] {
  return allStateNodes(machine.root).flatMap((node) =>
    node.invoke.flatMap((definition) => (typeof definition.src === 'string' ? [{ id: definition.id, src: definition.src }] : [])),
  );
}

/** What the spec misses: events the machine handles without a payload arbitrary, invokes without outputs. */
export function specGaps(target: FuzzTarget): string[] {
  const gaps: string[] = [];
  for (const type of handledEventTypes(target.machine)) {
    if (Object.keys(target.children).length === 0 && !(type in target.events)) gaps.push(`${target.machine.id}: no payload arbitrary for ${type}`);
  }
  for (const { id, src } of invokeSites(target.machine)) {
    if (src in target.children || target.callbacks.includes(src)) continue;
    if (!(id in target.outputs)) gaps.push(`${target.machine.id}: no outputs for invoke ${id} (src ${src})`);
  }
  for (const child of Object.values(target.children)) gaps.push(...specGaps(child));
  return gaps;
}

// ---------------------------------------------------------------------------------------------------
// The plan of one run
// ---------------------------------------------------------------------------------------------------

type Outcome = { settle: 'resolve'; after: number; value: unknown } | { settle: 'reject'; after: number; error: unknown } | { settle: 'never' };

type Step = { kind: 'event'; to: string | null; event: AnyEventObject } | { kind: 'advance'; ms: number };

export interface RunPlan {
  input: unknown;
  /** What the n-th start of each invoke does. Past the end, it never settles. */
  script: Record<string, Outcome[]>;
  steps: Step[];
}

/** When a fake settles: right away, a moment later, or after long enough to cross the machine's timers. */
const settleDelay = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 3000 }) },
  { weight: 1, arbitrary: fc.constantFrom(10_000, 60_000, 200_000) },
);

function outcomeFor(output: fc.Arbitrary<unknown>, errorKinds: readonly string[]): fc.Arbitrary<Outcome> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ settle: fc.constant('resolve' as const), after: settleDelay, value: output }) },
    { weight: 2, arbitrary: fc.record({ settle: fc.constant('reject' as const), after: settleDelay, error: thrownValue(errorKinds) }) },
    { weight: 1, arbitrary: fc.constant({ settle: 'never' as const }) },
  );
}

/**
 * The script's outcomes by invoke id; a child's ids are prefixed with the `src` it runs as (`lookupPoller/check`),
 * so that two children of the same machine with the same invoke ids (two pollers) are scripted apart.
 */
function scriptArbitrary(target: FuzzTarget, prefix = ''): Record<string, fc.Arbitrary<Outcome[]>> {
  const script: Record<string, fc.Arbitrary<Outcome[]>> = {};
  for (const [id, output] of Object.entries(target.outputs))
    script[`${prefix}${id}`] = fc.array(outcomeFor(output, target.errorKinds), { maxLength: 6, size: 'max' });
  for (const [src, child] of Object.entries(target.children)) Object.assign(script, scriptArbitrary(child, `${prefix}${src}/`));
  return script;
}

/** Events of the target (and of its children, addressed to them), plus one nobody handles. */
function eventArbitraries(target: FuzzTarget, to: string | null): Array<fc.Arbitrary<Step>> {
  const own = Object.entries(target.events).map(([type, payload]) =>
    payload.map((fields): Step => ({ kind: 'event', to, event: { ...fields, type } })),
  );
  const children = Object.entries(target.children).flatMap(([id, child]) => eventArbitraries(child, id));
  return [...own, ...children];
}

const unknownEvent = fc
  .record({ junk: fc.jsonValue({ maxDepth: 1 }) })
  .map((fields): Step => ({ kind: 'event', to: null, event: { ...fields, type: 'FUZZ.NOBODY_HANDLES_THIS' } }));

const clockMove = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 2500 }) },
    { weight: 2, arbitrary: fc.constantFrom(1000, 2000, 10_000, 60_000, 180_000) },
    { weight: 1, arbitrary: fc.constant(2 * 60 * 60 * 1000 + 1) },
  )
  .map((ms): Step => ({ kind: 'advance', ms }));

export function planArbitrary(target: FuzzTarget, maxSteps: number): fc.Arbitrary<RunPlan> {
  const events = eventArbitraries(target, null);
  const step = fc.oneof(
    { weight: 6, arbitrary: events.length > 0 ? fc.oneof(...events) : clockMove },
    { weight: 3, arbitrary: clockMove },
    { weight: 1, arbitrary: unknownEvent },
  );
  return fc.record({
    input: target.input ?? fc.constant(undefined),
    script: fc.record(scriptArbitrary(target)),
    steps: fc.array(step, { minLength: 1, maxLength: maxSteps, size: 'max' }),
  });
}

// ---------------------------------------------------------------------------------------------------
// Running a plan
// ---------------------------------------------------------------------------------------------------

class RunState {
  private readonly starts = new Map<string, number>();
  /** Every address a redirect action was given, with the machine that sent the user there. */
  readonly redirected: Array<{ machine: string; url: string }> = [];

  constructor(private readonly plan: RunPlan) {}

  /** The promise the n-th start of invoke `id` returns, settled as the script says. */
  settle(id: string): Promise<unknown> {
    const count = this.starts.get(id) ?? 0;
    this.starts.set(id, count + 1);
    const outcome: Outcome = this.plan.script[id]?.[count] ?? { settle: 'never' };
    if (outcome.settle === 'never') return new Promise<unknown>(() => undefined);
    return new Promise<unknown>((resolve, reject) => {
      const finish = () => (outcome.settle === 'resolve' ? resolve(outcome.value) : reject(outcome.error));
      // A timer under the fake clock, so the answer can arrive before or after the machine's own timers.
      if (outcome.after === 0) void Promise.resolve().then(finish);
      else setTimeout(finish, outcome.after);
    });
  }
}

function provideFakes(target: FuzzTarget, run: RunState, prefix = ''): AnyStateMachine {
  const actors: Record<string, unknown> = {};
  for (const { src } of invokeSites(target.machine)) {
    const child = target.children[src];
    if (child) actors[src] = provideFakes(child, run, `${prefix}${src}/`);
    else if (target.callbacks.includes(src)) actors[src] = fromCallback(() => undefined);
    else actors[src] = fromPromise<unknown>(({ self }) => run.settle(`${prefix}${self.id}`));
  }
  const actions: Record<string, () => void> = {};
  for (const [name, implementation] of Object.entries((target.machine.implementations.actions ?? {}) as Record<string, unknown>)) {
    // What the app supplies does nothing here; the machine's own logic (assign, log) stays real.
    if (isNotProvided(implementation)) actions[name] = () => undefined;
  }
  for (const [name, destination] of Object.entries(target.redirects)) {
    actions[name] = ((args: { context: unknown }, params: unknown) => {
      run.redirected.push({ machine: target.machine.id, url: destination(args, params) });
    }) as unknown as () => void;
  }
  return target.machine.provide({ actors, actions, guards: target.appGuards } as Parameters<AnyStateMachine['provide']>[0]);
}

/** Throws unless `value` is a complete configuration of existing state nodes of `machine`. */
function assertNamedState(machine: AnyStateMachine, value: StateValue, where: string): void {
  const fail = (why: string): never => {
    throw new Error(`${where}: state ${JSON.stringify(value)} of ${machine.id} is not a named state: ${why}`);
  };
  const visit = (node: StateNode, part: StateValue | undefined, path: string): void => {
    if (machine.getStateNodeById(node.id) !== node) fail(`${path} is not a node of the machine`);
    const names = Object.keys(node.states);
    if (names.length === 0) {
      if (part !== undefined && (typeof part === 'string' || Object.keys(part).length > 0))
        fail(`atomic ${path} has children ${JSON.stringify(part)}`);
      return;
    }
    if (part === undefined) return fail(`${path} has no active child`);
    if (typeof part === 'string') {
      const child = node.states[part];
      if (!child) return fail(`${path} has no state "${part}"`);
      if (node.type === 'parallel') fail(`parallel ${path} has one region active`);
      if (Object.keys(child.states).length > 0) fail(`${path}.${part} is compound but has no active child`);
      return;
    }
    const active = Object.keys(part);
    if (node.type === 'parallel' ? active.sort().join() !== [...names].sort().join() : active.length !== 1)
      fail(`${path} has active children ${active.join(', ')}`);
    for (const name of active) {
      const child = node.states[name];
      if (!child) return fail(`${path} has no state "${name}"`);
      visit(child, part[name], `${path}.${name}`);
    }
  };
  visit(machine.root, value, machine.id);
}

/** Told every state the run checked (by machine id), e.g. to measure how much of a chart the fuzzing reaches. */
export type StateObserver = (machineId: string, value: StateValue) => void;

/** Every target of the tree, by machine id. */
function targetsById(target: FuzzTarget): Map<string, FuzzTarget> {
  return new Map([[target.machine.id, target], ...Object.values(target.children).flatMap((child) => [...targetsById(child)])]);
}

function assertRedirectsAllowed(target: FuzzTarget, run: RunState, where: string): void {
  const byId = targetsById(target);
  for (const { machine, url } of run.redirected) {
    if (!byId.get(machine)?.mayRedirectTo(url)) throw new Error(`${where}: ${machine} sent the user to ${JSON.stringify(url)}, which is not allowed`);
  }
}

function assertHealthy(actor: AnyActorRef, target: FuzzTarget, errors: unknown[], where: string, observe?: StateObserver): void {
  const snapshot = actor.getSnapshot() as { status: string; value: StateValue; error?: unknown };
  if (errors.length > 0 || snapshot.status === 'error') {
    const cause = errors[0] ?? snapshot.error;
    throw new Error(`${where}: ${target.machine.id} failed: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
  }
  assertNamedState(target.machine, snapshot.value, where);
  observe?.(target.machine.id, snapshot.value);
  for (const [id, child] of Object.entries(target.children)) {
    const childActor = actor.system.get(id) as AnyActorRef | undefined;
    if (childActor) assertHealthy(childActor, child, [], `${where} › ${id}`, observe);
  }
}

/** What of a machine snapshot the chart decides, comparable: actors by id, functions by name. */
function decided(snapshot: { status: string; value: StateValue; context: unknown }): unknown {
  const seen = new WeakSet<object>();
  const plain = (value: unknown): unknown => {
    if (typeof value === 'function') return `function ${value.name}`;
    if (typeof value !== 'object' || value === null || value instanceof Date) return value;
    if ('send' in value && 'getSnapshot' in value && 'id' in value) return `actor ${String(value.id)}`;
    if (seen.has(value)) return '[seen]';
    seen.add(value);
    if (Array.isArray(value)) return value.map(plain);
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plain(field)]));
  };
  return { status: snapshot.status, value: snapshot.value, context: plain(snapshot.context) };
}

type MachineActor = Actor<AnyStateMachine>;

/**
 * Sends `event` to the actor and throws unless the actor is then where its chart says the event leads from where it
 * was. Read at once, before any invoked actor can answer: both sides are the one macrostep the event makes.
 */
export function sendAndFollowChart(receiver: MachineActor, event: AnyEventObject, where: string): void {
  const before = receiver.getSnapshot();
  let expected: unknown;
  try {
    expected = decided(getNextSnapshot(receiver.logic, before, event));
  } catch {
    // A transition that throws fails the actor too: assertHealthy reports it, with its cause.
    receiver.send(event);
    return;
  }
  receiver.send(event);
  const actual = decided(receiver.getSnapshot());
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(
      `${where}: ${receiver.logic.id} is not where its chart takes ${event.type} from ${JSON.stringify(before.value)}:\n` +
        `  chart: ${JSON.stringify(expected)}\n  actor: ${JSON.stringify(actual)}`,
    );
}

/** Lets settled fakes and xstate's own microtasks run, without moving the clock. */
async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/** Runs one plan; throws on the first failed or unnamed state. */
export async function runPlan(target: FuzzTarget, plan: RunPlan, observe?: StateObserver): Promise<void> {
  vi.useFakeTimers();
  // Machines log what they refuse (an empty bot-check token); that is not under test.
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const run = new RunState(plan);
  const actor = createActor(provideFakes(target, run), plan.input === undefined ? {} : { input: plan.input });
  const errors: unknown[] = [];
  actor.subscribe({ error: (error: unknown) => errors.push(error) });
  try {
    actor.start();
    await flush();
    assertHealthy(actor, target, errors, 'after start', observe);
    assertRedirectsAllowed(target, run, 'after start');
    for (const [index, step] of plan.steps.entries()) {
      if (step.kind === 'event') {
        const receiver = step.to === null ? actor : (actor.system.get(step.to) as MachineActor | undefined);
        if (receiver) sendAndFollowChart(receiver, step.event, `step ${index} (${step.event.type})`);
        await flush();
      } else {
        await vi.advanceTimersByTimeAsync(step.ms);
        await flush();
      }
      const where = `step ${index} (${step.kind === 'event' ? step.event.type : `+${step.ms} ms`})`;
      assertHealthy(actor, target, errors, where, observe);
      assertRedirectsAllowed(target, run, where);
    }
  } finally {
    actor.stop();
    consoleError.mockRestore();
    vi.useRealTimers();
  }
}

/** The ids of the atomic state nodes a (named) state value makes active. */
export function activeLeafIds(machine: AnyStateMachine, value: StateValue): string[] {
  const leaves = (node: StateNode, part: StateValue | undefined): string[] => {
    if (Object.keys(node.states).length === 0 || part === undefined) return [node.id];
    if (typeof part === 'string') return node.states[part] ? [node.states[part].id] : [];
    return Object.entries(part).flatMap(([name, child]) => (node.states[name] ? leaves(node.states[name], child) : []));
  };
  return leaves(machine.root, value);
}

/** Atomic state nodes an actor can rest in: a node that decides at once (`always`) is only passed through. */
export function restingStateIds(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root)
    .filter((node) => Object.keys(node.states).length === 0 && node.always === undefined)
    .map((node) => node.id);
}

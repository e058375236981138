import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { expect, vi } from 'vitest';
import { isNotProvided } from '../../../machines/notProvided';
import { classifyEvent, INIT_EVENT_TYPE, type StepEvent } from './events';
import type { MachinePath } from './paths';
import type { MachineCoverage } from './coverage';

type StateNode = AnyStateMachine['root'];
type ActionImplementation = (args: { context: unknown; event: AnyEventObject }, params: unknown) => void;

export interface ActionCall {
  name: string;
  params: unknown;
  context: unknown;
  event: AnyEventObject;
  /** Index of the path step during which the action ran (0 = starting the actor). */
  step: number;
}

export interface Invocation {
  /** The invoke id (the child actor's id). */
  id: string;
  src: string;
  input: unknown;
  step: number;
}

/** A message the machine sent to another global actor, as a stub registered under that systemId got it. */
interface Message {
  to: string;
  event: AnyEventObject;
  step: number;
}

interface ReplayContext<TMachine extends AnyStateMachine> {
  /** The event of the step just taken (`xstate.init` for the start). */
  event: StepEvent<TMachine>;
  step: number;
  previous: SnapshotFrom<TMachine> | undefined;
  /** Every call of a provided (or plain-function) action so far in this replay. */
  calls(name: string): ActionCall[];
  /** Calls of that action during the step just taken. */
  stepCalls(name: string): ActionCall[];
  /** Every start of the invoke with this id so far. */
  invocations(id: string): Invocation[];
  /** Starts of that invoke during the step just taken. */
  stepInvocations(id: string): Invocation[];
  /** What the stub receiver registered under this systemId (see `receivers`), or the callback of this src, got so far. */
  received(systemId: string): AnyEventObject[];
  /** What it got during the step just taken. */
  stepReceived(systemId: string): AnyEventObject[];
  /** Arguments of every console.error so far (the runner captures them). */
  consoleErrors: unknown[][];
  /** console.error calls during the step just taken. */
  stepConsoleErrors: unknown[][];
}

export interface ReplayOptions<TMachine extends AnyStateMachine> {
  machine: TMachine;
  input?: InputFrom<TMachine>;
  /** Implementations to use instead of the recording no-ops (they are still recorded). */
  provide?: { actions?: Record<string, ActionImplementation> };
  /**
   * Callback actors by src, with the event types each sends back. Those events are delivered through the
   * running callback's `sendBack`, and fail the step if the callback is not running.
   */
  callbacks?: Record<string, readonly string[]>;
  /**
   * SystemIds of the global actors the machine messages (`sendTo` through the actor system). The machine then
   * runs beside a stub registered under each, created before it, which records what it receives.
   */
  receivers?: readonly string[];
  assertState?: (snapshot: SnapshotFrom<TMachine>, context: ReplayContext<TMachine>) => void | Promise<void>;
  coverage?: MachineCoverage;
}

interface Deferred {
  resolve(value: unknown): void;
  reject(reason: unknown): void;
  promise: Promise<unknown>;
}

function deferred(): Deferred {
  let resolve: (value: unknown) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface PendingPromise {
  deferred: Deferred;
  signal: AbortSignal;
  settled: boolean;
}

interface RunningCallback {
  sendBack: (event: AnyEventObject) => void;
  running: boolean;
}

function allStateNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

/** The `src` names the machine invokes anywhere (inline logic needs no fake: it is not a side effect by name). */
function invokedSources(machine: AnyStateMachine): Set<string> {
  const sources = new Set<string>();
  for (const node of allStateNodes(machine.root)) {
    for (const definition of node.invoke) if (typeof definition.src === 'string') sources.add(definition.src);
  }
  return sources;
}

function isBuiltInAction(implementation: unknown): boolean {
  return typeof implementation === 'function' && 'resolve' in implementation;
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** The fakes one replay runs against, and what they saw. */
class Fakes {
  step = 0;
  readonly calls: ActionCall[] = [];
  readonly invocations: Invocation[] = [];
  readonly consoleErrors: Array<{ args: unknown[]; step: number }> = [];
  readonly messages: Message[] = [];
  private readonly promises = new Map<string, PendingPromise>();
  private readonly callbacks = new Map<string, RunningCallback>();

  constructor(private readonly options: ReplayOptions<AnyStateMachine>) {}

  actors(): Record<string, unknown> {
    const actors: Record<string, unknown> = {};
    const callbackSources = this.options.callbacks ?? {};
    for (const src of invokedSources(this.options.machine)) {
      actors[src] = src in callbackSources ? this.callbackFake(src) : this.promiseFake(src);
    }
    return actors;
  }

  actions(): Record<string, ActionImplementation> {
    const implementations = (this.options.machine.implementations.actions ?? {}) as Record<string, unknown>;
    const overrides = this.options.provide?.actions ?? {};
    const actions: Record<string, ActionImplementation> = {};
    for (const [name, implementation] of Object.entries(implementations)) {
      // assign() and friends are the machine's own logic: keep them real.
      if (isBuiltInAction(implementation)) continue;
      const real = overrides[name] ?? (isNotProvided(implementation) ? undefined : (implementation as ActionImplementation));
      actions[name] = (args, params) => {
        this.calls.push({ name, params, context: args.context, event: args.event, step: this.step });
        real?.(args, params);
      };
    }
    return actions;
  }

  private promiseFake(src: string) {
    return fromPromise<unknown, unknown>(({ input, self, signal }) => {
      const pending: PendingPromise = { deferred: deferred(), signal, settled: false };
      this.promises.set(self.id, pending);
      this.invocations.push({ id: self.id, src, input, step: this.step });
      return pending.deferred.promise;
    });
  }

  private callbackFake(src: string) {
    return fromCallback<AnyEventObject, unknown>(({ input, self, sendBack, receive }) => {
      const running: RunningCallback = { sendBack, running: true };
      this.callbacks.set(src, running);
      this.invocations.push({ id: self.id, src, input, step: this.step });
      // What the machine sends the running callback (sendTo its invoke), read as `received(src)`.
      receive((event) => this.messages.push({ to: src, event, step: this.step }));
      return () => {
        running.running = false;
      };
    });
  }

  /** The invoked promise `id` as the step needs it: started, still running, not yet settled. */
  pendingPromise(id: string, where: string): PendingPromise {
    const pending = this.promises.get(id);
    if (!pending) throw new Error(`${where}: the machine never invoked "${id}", so it cannot finish`);
    if (pending.signal.aborted) throw new Error(`${where}: "${id}" is no longer running (its state was left)`);
    if (pending.settled) throw new Error(`${where}: "${id}" already finished; the machine did not invoke it again`);
    return pending;
  }

  runningCallbackFor(eventType: string, where: string): RunningCallback | undefined {
    const entry = Object.entries(this.options.callbacks ?? {}).find(([, types]) => types.includes(eventType));
    if (!entry) return undefined;
    const running = this.callbacks.get(entry[0]);
    if (!running?.running) throw new Error(`${where}: ${eventType} comes from "${entry[0]}", which is not running`);
    return running;
  }
}

/** The invoke id of the machine under test when it runs beside stub receivers. */
const SUBJECT_ID = 'machineUnderTest';

/**
 * The machine under test beside a stub for each receiver. The stubs come first, so a message the machine sends
 * as it starts finds its receiver (as in the app, where receivers are started first).
 */
function withReceivers(logic: AnyStateMachine, receivers: readonly string[], input: unknown, fakes: Fakes): AnyStateMachine {
  const stub = (to: string) =>
    fromCallback<AnyEventObject>(({ receive }) => {
      receive((event) => {
        fakes.messages.push({ to, event, step: fakes.step });
      });
    });
  return createMachine({
    id: 'receiversHarness',
    invoke: [
      ...receivers.map((systemId) => ({ id: `receiver:${systemId}`, systemId, src: stub(systemId) })),
      { id: SUBJECT_ID, src: logic, input: () => input },
    ],
  });
}

/** State value and context: a timer firing early shows in one or the other (a re-entered state keeps its value). */
function stateOf(snapshot: unknown): string {
  if (typeof snapshot !== 'object' || snapshot === null || !('value' in snapshot)) return '';
  return JSON.stringify({ value: snapshot.value, context: 'context' in snapshot ? snapshot.context : undefined });
}

function delayInMs(machine: AnyStateMachine, delay: string, snapshot: unknown, event: AnyEventObject, where: string): number {
  const numeric = Number(delay);
  if (!Number.isNaN(numeric)) return numeric;
  const configured: unknown = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  if (typeof configured === 'number') return configured;
  if (typeof configured === 'function') {
    const context = typeof snapshot === 'object' && snapshot !== null && 'context' in snapshot ? snapshot.context : undefined;
    const value: unknown = configured({ context, event }, undefined);
    if (typeof value === 'number') return value;
  }
  throw new Error(`${where}: unknown delay "${delay}" (not a number, not in setup({ delays }))`);
}

/**
 * Replays one path against a real actor of the machine whose side effects are controllable fakes, checking
 * after every step that the actor is where the model said, then running the state's assertions.
 */
export async function replayPath<TMachine extends AnyStateMachine>(path: MachinePath, options: ReplayOptions<TMachine>): Promise<void> {
  const machine: AnyStateMachine = options.machine;
  const fakes = new Fakes(options as ReplayOptions<AnyStateMachine>);
  const logic = machine.provide({ actors: fakes.actors(), actions: fakes.actions() } as Parameters<AnyStateMachine['provide']>[0]);

  vi.useFakeTimers();
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    fakes.consoleErrors.push({ args, step: fakes.step });
  });
  const coverage = options.coverage;
  const receivers = options.receivers ?? [];
  // Beside receivers, the machine under test is the harness's child: coverage follows that child only.
  const isSubject = (event: InspectionEvent) =>
    receivers.length === 0
      ? event.actorRef.sessionId === event.rootId
      : (event.actorRef as AnyActorRef).id === SUBJECT_ID && (event.actorRef as AnyActorRef)._parent?.sessionId === event.rootId;
  const inspect = coverage ? (event: InspectionEvent) => isSubject(event) && coverage.inspect(event) : undefined;
  const root =
    receivers.length === 0
      ? createActor(logic, { input: options.input, ...(inspect ? { inspect } : {}) })
      : createActor(withReceivers(logic, receivers, options.input, fakes), inspect ? { inspect } : {});
  const actor: AnyActorRef = receivers.length === 0 ? root : (root.getSnapshot() as AnyMachineSnapshot).children[SUBJECT_ID];
  let actorError: unknown;
  let failed = false;
  for (const watched of new Set([root, actor])) {
    watched.subscribe({
      error: (error: unknown) => {
        failed = true;
        actorError = error;
      },
    });
  }

  try {
    let previous: SnapshotFrom<TMachine> | undefined;
    for (const [index, step] of path.steps.entries()) {
      const where = `${path.description} | step ${index} (${step.event.type})`;
      fakes.step = index;
      if (index === 0) {
        if (step.event.type !== INIT_EVENT_TYPE) throw new Error(`${where}: a path must start with ${INIT_EVENT_TYPE}`);
        root.start();
      } else {
        await perform(step.event, { machine, fakes, actor, where });
      }
      await flushMicrotasks();
      if (failed) throw new Error(`${where}: the actor failed: ${String(actorError)}`);

      const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>;
      coverage?.markSnapshot(snapshot);
      expect((snapshot as AnyMachineSnapshot).value, `${where}: state value`).toEqual(step.state.value);
      await options.assertState?.(snapshot, {
        event: step.event as StepEvent<TMachine>,
        step: index,
        previous,
        calls: (name) => fakes.calls.filter((call) => call.name === name),
        stepCalls: (name) => fakes.calls.filter((call) => call.name === name && call.step === index),
        invocations: (id) => fakes.invocations.filter((invocation) => invocation.id === id),
        stepInvocations: (id) => fakes.invocations.filter((invocation) => invocation.id === id && invocation.step === index),
        received: (systemId) => fakes.messages.filter((message) => message.to === systemId).map((message) => message.event),
        stepReceived: (systemId) =>
          fakes.messages.filter((message) => message.to === systemId && message.step === index).map((message) => message.event),
        consoleErrors: fakes.consoleErrors.map((entry) => entry.args),
        stepConsoleErrors: fakes.consoleErrors.filter((entry) => entry.step === index).map((entry) => entry.args),
      });
      previous = snapshot;
    }
  } finally {
    root.stop();
    consoleError.mockRestore();
    vi.useRealTimers();
  }
}

async function perform(
  event: AnyEventObject,
  run: { machine: AnyStateMachine; fakes: Fakes; actor: { send(event: AnyEventObject): void; getSnapshot(): unknown }; where: string },
): Promise<void> {
  const synthetic = classifyEvent(event);
  switch (synthetic.kind) {
    case 'done': {
      const pending = run.fakes.pendingPromise(synthetic.actorId, run.where);
      pending.settled = true;
      pending.deferred.resolve(synthetic.output);
      return;
    }
    case 'error': {
      const pending = run.fakes.pendingPromise(synthetic.actorId, run.where);
      pending.settled = true;
      pending.deferred.reject(synthetic.error);
      return;
    }
    case 'after': {
      const ms = delayInMs(run.machine, synthetic.delay, run.actor.getSnapshot(), event, run.where);
      // A millisecond early nothing may have happened yet: this pins the delay itself, not just its outcome.
      const before = stateOf(run.actor.getSnapshot());
      await vi.advanceTimersByTimeAsync(Math.max(ms - 1, 0));
      if (ms > 0 && stateOf(run.actor.getSnapshot()) !== before) {
        throw new Error(`${run.where}: the state changed before ${synthetic.delay} (${ms} ms) had elapsed`);
      }
      await vi.advanceTimersByTimeAsync(ms > 0 ? 1 : 0);
      return;
    }
    case 'user': {
      const callback = run.fakes.runningCallbackFor(event.type, run.where);
      if (callback) callback.sendBack(event);
      else run.actor.send(event);
      return;
    }
  }
}

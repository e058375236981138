/**
 * What the explorer drives: a running actor of one catalogue machine, either a global actor of the app (live)
 * or a fresh actor of its own (a simulation whose invoked actors and timers wait for the explorer). Both keep a
 * log of what happened and an immutable state for React's useSyncExternalStore.
 */
import {
  createActor,
  fromPromise,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
  type Subscription,
} from 'xstate';
import { report, type Inspect } from '../../actors/inspection';
import { delayOfEvent } from './statechartGraph';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

type LogKind = 'event' | 'action' | 'invoke' | 'settle' | 'timer' | 'error' | 'info';

interface LogEntry {
  seq: number;
  /** ms since epoch. */
  at: number;
  kind: LogKind;
  text: string;
  /** JSON of the event, params or input, when there is any. */
  detail: string | null;
}

export interface RunningInvoke {
  actorId: string;
  src: string;
  input: string | null;
  /** Whether an active state listens for its result: the simulation then offers to settle it. */
  handlesDone: boolean;
  handlesError: boolean;
}

export interface PendingDelay {
  eventType: string;
  delay: string;
  stateId: string;
  /** The delay in ms for the current context, when it can be worked out. */
  ms: number | null;
}

export interface AcceptedEvent {
  type: string;
  /** Whether `snapshot.can` says the event would be taken now (guards included). */
  enabled: boolean;
  /** The active states that have a transition for it. */
  stateIds: string[];
}

export interface SessionState {
  snapshot: AnyMachineSnapshot | null;
  log: readonly LogEntry[];
  invokes: readonly RunningInvoke[];
  /** Why the session could not start or stopped (a sample input missing, an action throwing). */
  failure: string | null;
}

export interface ActorSession {
  readonly mode: 'live' | 'simulation';
  subscribe(listener: () => void): () => void;
  getState(): SessionState;
  send(event: AnyEventObject): void;
  start(): void;
  stop(): void;
}

const MAX_LOG = 200;

/** JSON for showing: functions by name, cycles cut, undefined kept visible. */
export function displayJson(value: unknown, indent = 2): string {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(
    value,
    (_key, item: unknown) => {
      if (typeof item === 'function') return `[function ${item.name || 'anonymous'}]`;
      if (item === undefined) return '[undefined]';
      if (typeof item === 'bigint') return item.toString();
      if (item instanceof Error) return { ...item, name: item.name, message: item.message };
      if (typeof item === 'object' && item !== null) {
        if (seen.has(item)) return '[circular]';
        seen.add(item);
        if (isActorRef(item)) return `[actor ${item.id}]`;
      }
      return item;
    },
    indent,
  );
  return text ?? String(value);
}

function isActorRef(value: object): value is AnyActorRef {
  return 'sessionId' in value && 'send' in value && 'getSnapshot' in value;
}

function eventDetail(event: AnyEventObject): string | null {
  const keys = Object.keys(event).filter((key) => key !== 'type');
  return keys.length ? displayJson(event) : null;
}

function isMachineSnapshot(snapshot: unknown): snapshot is AnyMachineSnapshot {
  return typeof snapshot === 'object' && snapshot !== null && '_nodes' in snapshot && Array.isArray(snapshot._nodes);
}

/** The user events the active states have transitions for (not the actor results and timers). */
export function acceptedEvents(snapshot: AnyMachineSnapshot): AcceptedEvent[] {
  const states = new Map<string, string[]>();
  for (const node of snapshot._nodes) {
    for (const eventType of node.transitions.keys()) {
      if (eventType.startsWith('xstate.') || eventType === '*') continue;
      states.set(eventType, [...(states.get(eventType) ?? []), node.id]);
    }
  }
  return [...states].map(([type, stateIds]) => ({ type, stateIds, enabled: canTake(snapshot, { type }) }));
}

function canTake(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  if (snapshot.status !== 'active') return false;
  try {
    return snapshot.can(event);
  } catch {
    // A guard reading a payload the bare event lacks.
    return false;
  }
}

function delayMs(snapshot: AnyMachineSnapshot, delay: string): number | null {
  if (/^\d+$/.test(delay)) return Number(delay);
  const delays: Record<string, unknown> | undefined = snapshot.machine.implementations.delays;
  const configured: unknown = delays?.[delay];
  if (typeof configured === 'number') return configured;
  if (typeof configured !== 'function') return null;
  try {
    const value: unknown = configured({ context: snapshot.context, event: { type: 'xstate.init' } }, undefined);
    return typeof value === 'number' ? Math.round(value) : null;
  } catch {
    return null;
  }
}

/** The delayed transitions waiting in the active states. */
export function pendingDelays(snapshot: AnyMachineSnapshot): PendingDelay[] {
  const delays = new Map<string, PendingDelay>();
  for (const node of snapshot._nodes) {
    for (const eventType of node.transitions.keys()) {
      const delay = delayOfEvent(eventType, node.id);
      if (delay === null || delays.has(eventType)) continue;
      delays.set(eventType, { eventType, delay, stateId: node.id, ms: delayMs(snapshot, delay) });
    }
  }
  return [...delays.values()];
}

function handles(snapshot: AnyMachineSnapshot, eventType: string): boolean {
  return snapshot._nodes.some((node) => node.transitions.has(eventType));
}

/** What an inspection event adds to the log of the actor `target`, if anything. */
function inspectionEntry(event: InspectionEvent, target: AnyActorRef, quietActions: ReadonlySet<string>): Omit<LogEntry, 'seq' | 'at'> | null {
  if (event.type === '@xstate.event' && event.actorRef === target) {
    if (event.event.type === 'xstate.init' || event.event.type === 'xstate.stop') return null;
    const from =
      event.sourceRef && event.sourceRef !== target ? ` (from ${isActorRef(event.sourceRef) ? event.sourceRef.id : event.sourceRef.sessionId})` : '';
    return { kind: 'event', text: `${event.event.type}${from}`, detail: eventDetail(event.event) };
  }
  if (event.type === '@xstate.action' && event.actorRef === target) {
    const { type, params } = event.action;
    // The raise/cancel pairs behind `after` are shown as timers, not as actions.
    if ((type === 'xstate.raise' || type === 'xstate.cancel') && displayJson(params, 0).includes('xstate.after.')) return null;
    const note = quietActions.has(type) ? ' (not run: simulation)' : '';
    return { kind: 'action', text: `${type}${note}`, detail: params === undefined ? null : displayJson(params) };
  }
  if (event.type === '@xstate.actor' && event.actorRef !== target && isActorRef(event.actorRef) && event.actorRef._parent === target) {
    const child = event.actorRef;
    return {
      kind: 'invoke',
      text: `started ${child.id}${typeof child.src === 'string' && child.src !== child.id ? ` (${child.src})` : ''}`,
      detail: null,
    };
  }
  return null;
}

/** The log, listeners and state shared by both kinds of session. */
abstract class SessionBase implements ActorSession {
  abstract readonly mode: 'live' | 'simulation';
  protected state: SessionState = { snapshot: null, log: [], invokes: [], failure: null };
  private readonly listeners = new Set<() => void>();
  private seq = 0;

  // Arrow properties: React's useSyncExternalStore takes them as they are, unbound.
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getState = (): SessionState => this.state;

  abstract send(event: AnyEventObject): void;
  abstract start(): void;
  abstract stop(): void;

  protected log(kind: LogKind, text: string, detail: string | null = null): void {
    this.seq += 1;
    const entry: LogEntry = { seq: this.seq, at: Date.now(), kind, text, detail };
    this.update({ log: [...this.state.log.slice(-(MAX_LOG - 1)), entry] });
  }

  protected update(change: Partial<SessionState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  protected logInspection(event: InspectionEvent, target: AnyActorRef | null, quietActions: ReadonlySet<string> = new Set()): void {
    if (!target) return;
    const entry = inspectionEntry(event, target, quietActions);
    if (entry) this.log(entry.kind, entry.text, entry.detail);
  }

  protected clearLog(): void {
    this.update({ log: [] });
  }
}

function childInvokes(snapshot: AnyMachineSnapshot): RunningInvoke[] {
  return Object.entries<AnyActorRef | undefined>(snapshot.children)
    .filter((entry): entry is [string, AnyActorRef] => entry[1] !== undefined && entry[1].getSnapshot().status === 'active')
    .map(([actorId, child]) => ({
      actorId,
      src: typeof child.src === 'string' ? child.src : actorId,
      input: null,
      handlesDone: handles(snapshot, `xstate.done.actor.${actorId}`),
      handlesError: handles(snapshot, `xstate.error.actor.${actorId}`),
    }));
}

/** A global actor of the running app: the explorer follows it and sends it events, as a view would. */
export class LiveSession extends SessionBase {
  readonly mode = 'live';
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly actor: AnyActorRef,
    private readonly system: { inspect: (observer: (event: InspectionEvent) => void) => Subscription },
  ) {
    super();
  }

  start(): void {
    this.stop();
    const read = () => {
      const snapshot: unknown = this.actor.getSnapshot();
      if (isMachineSnapshot(snapshot))
        this.update({ snapshot, invokes: childInvokes(snapshot), failure: snapshot.status === 'error' ? displayJson(snapshot.error) : null });
    };
    read();
    this.subscriptions = [this.actor.subscribe({ next: read, error: read }), this.system.inspect((event) => this.logInspection(event, this.actor))];
  }

  stop(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
  }

  send(event: AnyEventObject): void {
    this.actor.send(event);
  }
}

interface FakeInvoke {
  src: string;
  input: unknown;
  settle: (outcome: { done: unknown } | { error: unknown }) => void;
}

/** Timers are kept but never ring: the explorer fires a delayed transition when asked. */
const HELD_CLOCK: Clock = {
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

function invokedSources(machine: AnyStateMachine): Set<string> {
  const sources = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const definition of node.invoke) if (typeof definition.src === 'string') sources.add(definition.src);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return sources;
}

/** assign(), raise() and the other built-ins carry `resolve`: they are the machine's own logic and stay real. */
function isBuiltInAction(implementation: unknown): boolean {
  return typeof implementation === 'function' && 'resolve' in implementation;
}

/**
 * A fresh actor of a machine that is not running globally. Its invoked actors never settle on their own and
 * its custom actions (side effects) are logged, not run; guards, assign and delays' values are the machine's
 * own. Timers wait for `fire`.
 */
export class Simulation extends SessionBase {
  readonly mode = 'simulation';
  private actor: AnyActorRef | null = null;
  private readonly running = new Map<string, FakeInvoke>();
  private readonly customActions: ReadonlySet<string>;

  constructor(
    private readonly machine: AnyStateMachine,
    private readonly input: unknown,
    /** The Stately inspector, when one listens: a simulation is a running actor like any other. */
    private readonly inspect?: Inspect,
  ) {
    super();
    const actions: Record<string, unknown> = machine.implementations.actions ?? {};
    this.customActions = new Set(
      Object.entries(actions)
        .filter(([, implementation]) => !isBuiltInAction(implementation))
        .map(([name]) => name),
    );
  }

  private fakeActor(src: string) {
    return fromPromise<unknown, unknown>(({ input, self, signal }) => {
      return new Promise<unknown>((resolve, reject) => {
        const invoke: FakeInvoke = {
          src,
          input,
          settle: (outcome) => {
            this.running.delete(self.id);
            if ('done' in outcome) resolve(outcome.done);
            else reject(outcome.error);
          },
        };
        this.running.set(self.id, invoke);
        signal.addEventListener('abort', () => {
          // Its state was left: it is stopped, nothing will settle it.
          if (this.running.get(self.id) === invoke) this.running.delete(self.id);
          this.refresh();
        });
        this.refresh();
      });
    });
  }

  start(): void {
    this.stop();
    const actors = Object.fromEntries([...invokedSources(this.machine)].map((src) => [src, this.fakeActor(src)]));
    const actions = Object.fromEntries([...this.customActions].map((name) => [name, () => undefined]));
    try {
      const logic = this.machine.provide({ actors, actions });
      const actor: AnyActorRef = createActor(logic, {
        input: this.input,
        clock: HELD_CLOCK,
        inspect: (event) => {
          this.logInspection(event, this.actor, this.customActions);
          report(this.inspect, event);
        },
      });
      this.actor = actor;
      actor.subscribe({ next: () => this.refresh(), error: () => this.refresh() });
      this.log('info', 'simulation started', this.input === undefined ? null : displayJson(this.input));
      actor.start();
      this.refresh();
    } catch (error) {
      this.actor = null;
      this.update({ failure: displayJson(error instanceof Error ? error.message : error) });
    }
  }

  stop(): void {
    this.actor?.stop();
    this.actor = null;
    this.running.clear();
  }

  reset(): void {
    this.stop();
    this.clearLog();
    this.update({ snapshot: null, invokes: [], failure: null });
    this.start();
  }

  send(event: AnyEventObject): void {
    this.actor?.send(event);
  }

  /** Resolves (done) or rejects (error) the running invoked actor `actorId`. */
  settle(actorId: string, outcome: { done: unknown } | { error: unknown }): void {
    const invoke = this.running.get(actorId);
    if (!invoke) return;
    this.log('settle', 'done' in outcome ? `${actorId} done` : `${actorId} failed`, displayJson('done' in outcome ? outcome.done : outcome.error));
    invoke.settle(outcome);
  }

  /** Takes a pending delayed transition now, as if its time had come. */
  fire(delay: PendingDelay): void {
    this.log('timer', `after ${delay.delay}${delay.ms === null ? '' : ` (${delay.ms} ms)`} fired`);
    this.actor?.send({ type: delay.eventType });
  }

  private refresh(): void {
    const snapshot: unknown = this.actor?.getSnapshot();
    if (!isMachineSnapshot(snapshot)) return;
    const invokes = [...this.running].map(([actorId, invoke]) => ({
      actorId,
      src: invoke.src,
      input: invoke.input === undefined ? null : displayJson(invoke.input),
      handlesDone: handles(snapshot, `xstate.done.actor.${actorId}`),
      handlesError: handles(snapshot, `xstate.error.actor.${actorId}`),
    }));
    const failure = snapshot.status === 'error' ? displayJson(snapshot.error instanceof Error ? snapshot.error.message : snapshot.error) : null;
    this.update({ snapshot, invokes, failure });
  }
}

import type { AnyEventObject, AnyStateMachine, DoneActorEvent, ErrorActorEvent, EventFromLogic } from 'xstate';

export const INIT_EVENT_TYPE = 'xstate.init' as const;

/** The delayed-transition event a real actor raises to itself: `xstate.after.<delay>.<stateNodeId>`. */
export interface AfterEvent {
  type: `xstate.after.${string}`;
}

/** Anything a path may contain: the machine's own events plus what invoked actors and timers produce. */
export type PathEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | AfterEvent | DoneActorEvent | ErrorActorEvent;

/**
 * A step's event as assertions see it. Machines that list their invoked actors' done/error events in their own
 * event type get them typed here (outputs included); the catch-all done/error types would widen those to unknown.
 */
export type StepEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | AfterEvent | { type: typeof INIT_EVENT_TYPE };

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';
const AFTER_PREFIX = 'xstate.after.';

/** The invoked actor `id` finished with `output`. */
export function done<const TId extends string, TOutput>(id: TId, output: TOutput): DoneActorEvent<TOutput, TId> {
  return { type: `${DONE_PREFIX}${id}`, output, actorId: id };
}

/** The invoked actor `id` failed with `error`. */
export function failure<const TId extends string>(id: TId, error: unknown): ErrorActorEvent<unknown, TId> {
  return { type: `${ERROR_PREFIX}${id}`, error, actorId: id };
}

/** The delay `delay` (a name from `setup({ delays })` or milliseconds) of state `stateNodeId` elapsed. */
export function after(delay: string | number, stateNodeId: string): AfterEvent {
  return { type: `${AFTER_PREFIX}${delay}.${stateNodeId}` };
}

export type SyntheticEvent =
  | { kind: 'done'; actorId: string; output: unknown }
  | { kind: 'error'; actorId: string; error: unknown }
  | { kind: 'after'; delay: string; stateNodeId: string }
  | { kind: 'user' };

/** Tells a synthetic event (which the runner must produce by other means) from one the test may simply send. */
export function classifyEvent(event: AnyEventObject): SyntheticEvent {
  const { type } = event;
  if (type.startsWith(DONE_PREFIX))
    return { kind: 'done', actorId: type.slice(DONE_PREFIX.length), output: 'output' in event ? event.output : undefined };
  if (type.startsWith(ERROR_PREFIX))
    return { kind: 'error', actorId: type.slice(ERROR_PREFIX.length), error: 'error' in event ? event.error : undefined };
  if (type.startsWith(AFTER_PREFIX)) {
    const rest = type.slice(AFTER_PREFIX.length);
    const dot = rest.indexOf('.');
    if (dot <= 0) throw new Error(`Malformed delayed event "${type}": expected xstate.after.<delay>.<stateNodeId>`);
    return { kind: 'after', delay: rest.slice(0, dot), stateNodeId: rest.slice(dot + 1) };
  }
  return { kind: 'user' };
}

function summarise(value: unknown, max = 40): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A short, stable label for test names: `done:fetchUserInfo(200)`, `after:ONE_SECOND`, `SUBMIT{"request":…}`. */
export function defaultEventLabel(event: AnyEventObject): string {
  const synthetic = classifyEvent(event);
  switch (synthetic.kind) {
    case 'done': {
      const { output } = synthetic;
      const code = typeof output === 'object' && output !== null && 'code' in output ? String(output.code) : summarise(output, 24);
      return `done:${synthetic.actorId}(${code})`;
    }
    case 'error': {
      const { error } = synthetic;
      const kind =
        typeof error === 'object' && error !== null && 'kind' in error
          ? String(error.kind)
          : error instanceof Error
            ? error.message
            : summarise(error, 24);
      return `error:${synthetic.actorId}(${kind})`;
    }
    case 'after':
      return `after:${synthetic.delay}`;
    case 'user': {
      const { type: _type, ...payload } = event;
      return Object.keys(payload).length ? `${event.type}${summarise(payload)}` : event.type;
    }
  }
}

/**
 * The answer or failure an event carries, for naming it in a test: an invoked call's output or error, or what a
 * child poller reports (an answer, or the refusal or rejection it stopped on).
 */
export function carriedValue(event: AnyEventObject): unknown {
  if ('output' in event) return event.output;
  if ('error' in event) return event.error;
  if ('answer' in event) return event.answer;
  if ('failure' in event && typeof event.failure === 'object' && event.failure !== null) {
    return 'refused' in event.failure ? event.failure.refused : 'rejected' in event.failure ? event.failure.rejected : undefined;
  }
  return undefined;
}

import { fromCallback, fromPromise, type AnyEventObject, type CallbackActorLogic, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

/**
 * Setup defaults for side effects. A machine that runs without its implementations fails loudly and by name,
 * instead of silently doing nothing. `src/actors/` and the tests provide the real ones.
 */

const placeholders = new WeakSet<object>();

/** True for a default created here, so the test runner can tell "not provided" from a real built-in. */
export function isNotProvided(value: unknown): boolean {
  return (typeof value === 'function' || (typeof value === 'object' && value !== null)) && placeholders.has(value);
}

function notProvidedError(name: string): Error {
  return new Error(`${name} not provided`);
}

// The input defaults match fromPromise/fromCallback's, so a provided `fromPromise(() => ...)` fits the slot.
export function notProvidedActor<TOutput, TInput = NonReducibleUnknown>(name: string): PromiseActorLogic<TOutput, TInput> {
  const logic = fromPromise<TOutput, TInput>(() => Promise.reject(notProvidedError(name)));
  placeholders.add(logic);
  return logic;
}

export function notProvidedCallback<TInput = NonReducibleUnknown>(name: string): CallbackActorLogic<AnyEventObject, TInput> {
  const logic = fromCallback<AnyEventObject, TInput>(() => {
    throw notProvidedError(name);
  });
  placeholders.add(logic);
  return logic;
}

/** `TParams` types the params of a parameterised action, so `provide()` sees them too. */
export function notProvidedAction<TParams = undefined>(name: string): (args: unknown, params: TParams) => void {
  const action = (_args: unknown, _params: TParams): void => {
    throw notProvidedError(name);
  };
  placeholders.add(action);
  return action;
}

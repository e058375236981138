/**
 * Toasts, with react-hot-toast loaded on the first one. No page shows a toast as it opens, so the library is not
 * part of what a first visit loads. Calls made before it arrives are shown once it has, in order; offline, the
 * next call tries again. While a toast area is on the page (the app's), they also wait for its stack to mount:
 * the stack's limit on visible toasts only sees toasts made after it mounted.
 */
import type { default as hotToast, DefaultToastOptions, Renderable, Toast, ToastOptions, ValueOrFunction } from 'react-hot-toast';

type HotToast = typeof hotToast;

type Message = ValueOrFunction<Renderable, Toast>;
interface PromiseMessages<T> {
  loading: Renderable;
  success?: ValueOrFunction<Renderable, T>;
  error?: ValueOrFunction<Renderable, unknown>;
}

let library: HotToast | null = null;
let loading: Promise<HotToast> | null = null;
const waiting: ((library: HotToast) => void)[] = [];
const listeners = new Set<() => void>();
let areas = 0;
let stacks = 0;

function flush(): void {
  if (!library || (areas > 0 && stacks === 0)) return;
  for (const call of waiting.splice(0)) call(library);
}

/** Loads the library (once) and shows what was asked for meanwhile. */
export function loadToasts(): Promise<HotToast> {
  loading ??= import('react-hot-toast').then(
    (module) => {
      library = module.default;
      flush();
      for (const listener of listeners) listener();
      return module.default;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether the library is here: the toast area mounts its toaster from then on. */
export function toastsLoaded(): boolean {
  return library !== null;
}

export function subscribeToToastsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's toast area is on the page (its stack mounts once the library is here). */
export function registerToastArea(): () => void {
  areas += 1;
  return () => {
    areas -= 1;
    flush();
  };
}

/** The toast stack has mounted: what waited for it shows now. */
export function registerToastStack(): () => void {
  stacks += 1;
  flush();
  return () => {
    stacks -= 1;
  };
}

function withLibrary(call: (library: HotToast) => void): void {
  waiting.push(call);
  if (library) flush();
  else loadToasts().catch(() => undefined);
}

type Show = (message: Message, options?: ToastOptions) => void;

/** Forwards a call as it was made (no `undefined` options added), once the library is here. */
function forward(pick: (hot: HotToast) => (message: Message, options?: ToastOptions) => string): Show {
  return (...args) => withLibrary((hot) => void pick(hot)(...args));
}

export const toast = Object.assign(
  forward((hot) => hot),
  {
    success: forward((hot) => hot.success),
    error: forward((hot) => hot.error),
    loading: forward((hot) => hot.loading),
    dismiss: (id?: string): void => withLibrary((hot) => hot.dismiss(id)),
    /** A toast that follows `promise`. The caller handles the promise's outcome; this only shows it. */
    promise: <T>(promise: Promise<T>, messages: PromiseMessages<T>, options?: DefaultToastOptions): void => {
      // Handled here at once: a promise that fails before the library arrives is not an unhandled rejection.
      promise.catch(() => undefined);
      withLibrary((hot) => void hot.promise(promise, messages, options).catch(() => undefined));
    },
  },
);

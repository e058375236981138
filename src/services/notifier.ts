/**
 * How the layers under the views tell the user something: the API client's failures, an actor's "saved" or
 * "signed in". They sit below the views, so they do not import the toasts (src/ui/toast.ts); boot supplies them
 * with `setNotifier` (src/main.tsx). What is said before then is said once a notifier is set, in order.
 */

interface NoticeOptions {
  /** Notices with the same id replace each other instead of stacking up. */
  id?: string;
}

export interface Notifier {
  success(message: string, options?: NoticeOptions): void;
  error(message: string, options?: NoticeOptions): void;
  /** A notice that stays until it is dismissed by its id. */
  loading(message: string, options?: NoticeOptions): void;
  dismiss(id?: string): void;
}

let current: Notifier | null = null;
const waiting: ((notifier: Notifier) => void)[] = [];

/** Boot calls this once with the app's toasts (tests call it with theirs). */
export function setNotifier(notifier: Notifier): void {
  current = notifier;
  for (const say of waiting.splice(0)) say(notifier);
}

function deliver(say: (notifier: Notifier) => void): void {
  if (current) say(current);
  else waiting.push(say);
}

/** The notifier the app supplied; each call is forwarded as it was made (no `undefined` options added). */
export const notify: Notifier = {
  success: (...args) => deliver((notifier) => notifier.success(...args)),
  error: (...args) => deliver((notifier) => notifier.error(...args)),
  loading: (...args) => deliver((notifier) => notifier.loading(...args)),
  dismiss: (...args) => deliver((notifier) => notifier.dismiss(...args)),
};

/**
 * Keeps the open tabs of one browser in step: a sign-in, sign-out or expired session in one tab is
 * announced, and the others follow through their user actor. BroadcastChannel skips only the very object
 * that posted: the tab's own watcher, another object, would hear it too. Each announcement therefore names
 * the tab it comes from, and a tab ignores its own (an echo would re-read the account after every sign-in).
 */
export type SessionChange = 'signedIn' | 'signedOut';

const CHANNEL_NAME = 'nanobanana.session';
const THIS_TAB = Math.random().toString(36).slice(2);

interface Announcement {
  change: SessionChange;
  tab: string;
}

function isSessionChange(value: unknown): value is SessionChange {
  return value === 'signedIn' || value === 'signedOut';
}

function isAnnouncement(value: unknown): value is Announcement {
  return (
    typeof value === 'object' && value !== null && isSessionChange(Reflect.get(value, 'change')) && typeof Reflect.get(value, 'tab') === 'string'
  );
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
}

let sender: BroadcastChannel | null | undefined;

export function announceSessionChange(change: SessionChange): void {
  if (sender === undefined) sender = openChannel();
  try {
    sender?.postMessage({ change, tab: THIS_TAB } satisfies Announcement);
  } catch (error) {
    // Another tab missing one update is not worth breaking this tab's sign-in or sign-out.
    console.error(error);
  }
}

/** Calls back with each change another tab announces; returns the unsubscribe function. */
export function watchSessionChanges(onChange: (change: SessionChange) => void): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isAnnouncement(event.data) && event.data.tab !== THIS_TAB) onChange(event.data.change);
  };
  return () => channel.close();
}

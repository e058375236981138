/**
 * Keeps the open tabs of one browser in step: a sign-in, sign-out or expired session in one tab is
 * announced, and the others follow through their user actor. BroadcastChannel never delivers a message
 * to the tab that sent it, so an announcement cannot echo back.
 */
export type SessionChange = 'signedIn' | 'signedOut';

const CHANNEL_NAME = 'nanobanana.session';

function isSessionChange(value: unknown): value is SessionChange {
  return value === 'signedIn' || value === 'signedOut';
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
}

let sender: BroadcastChannel | null | undefined;

export function announceSessionChange(change: SessionChange): void {
  if (sender === undefined) sender = openChannel();
  try {
    sender?.postMessage(change);
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
    if (isSessionChange(event.data)) onChange(event.data);
  };
  return () => channel.close();
}

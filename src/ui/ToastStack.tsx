import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { registerToastStack } from './toast';
import styles from './ToastArea.module.css';

/**
 * At most this many toasts show; an older one goes when a newer one comes, so a run of failures does not stack
 * down over the page (or a dialog). Clicks pass through toasts in any case (ToastArea.module.css).
 */
export const MAX_VISIBLE_TOASTS = 3;

function useToastLimit(limit: number): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // Newest first.
    for (const extra of toasts.filter((item) => item.visible).slice(limit)) toast.dismiss(extra.id);
  }, [toasts, limit]);
}

/**
 * Where toasts appear (loaded with the first toast: ToastArea.tsx). A modal <dialog> sits in the browser's top layer and makes the rest of the page
 * inert (hidden from screen readers too), so while one is open the toaster's element is moved inside it: messages
 * such as the demo mailbox code stay visible and announced while the login modal is open.
 *
 * The element moves, not the toaster: a toaster that unmounts leaves its pending removals of dismissed toasts
 * running, and one of those would take away a toast shown again under the same id within the second after its
 * dismissal (a code sent again right after the last one's sign-up), in the toaster mounted in its place.
 */
export default function ToastStack() {
  useToastLimit(MAX_VISIBLE_TOASTS);
  useEffect(registerToastStack, []);
  const dialog = useSyncExternalStore(subscribeToDialogs, topOpenDialog, () => null);
  const [host] = useState(() => document.createElement('div'));
  useLayoutEffect(() => {
    (dialog ?? document.body).append(host);
  }, [dialog, host]);
  useLayoutEffect(() => () => host.remove(), [host]);
  return createPortal(<Toaster position="top-center" toastOptions={{ className: styles.toast }} containerStyle={{ top: 72 }} />, host);
}

function topOpenDialog(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  return open.length > 0 ? (open[open.length - 1] ?? null) : null;
}

function subscribeToDialogs(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
}

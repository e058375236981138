import { Activity, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { focusReturnTarget } from '../prerender/boot';
import { returnFocus, returnFocusAfterUnmount } from './returnFocus';
import styles from './Dialog.module.css';

export interface DialogProps {
  /** Whether the dialog is shown: always a machine's state, never a local flag. */
  open: boolean;
  /** The user asked to close it (Escape, the close button, a click on the backdrop). */
  onDismiss(): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Narrow dialogs for forms, wide for content. */
  size?: 'sm' | 'md';
  /**
   * Renders the content while the dialog is closed, hidden, when the browser is idle: opening it then only shows
   * what is there. For a dialog opened from the first screen (signing in), where a phone would otherwise build the
   * whole form at the tap. Each closing starts a fresh copy for the next opening, so nothing typed is carried over.
   * Give it content that does not change between closed and open (memoised), or the opening renders it again.
   */
  readyWhileClosed?: boolean;
}

/**
 * A part of the dialog that loads on demand arrives after it opened: its data-autofocus field gets focus when it
 * shows up, unless the user has moved focus meanwhile. Returns how to stop waiting.
 */
function focusFieldWhenItArrives(dialog: HTMLDialogElement): () => void {
  const focusedAtOpen = document.activeElement;
  const observer = new MutationObserver(() => {
    const field = dialog.querySelector<HTMLElement>('[data-autofocus]');
    if (!field) return;
    observer.disconnect();
    if (document.activeElement === focusedAtOpen || document.activeElement === dialog) field.focus();
  });
  observer.observe(dialog, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * A modal on the native <dialog>: `showModal()` makes the rest of the page inert (so focus stays inside),
 * Escape closes it, and focus goes back to where it was when the dialog opened (or, when that is gone, to the
 * page's main heading). A field marked `data-autofocus` gets focus when it opens.
 */
export function Dialog({ open, onDismiss, title, description, children, size = 'sm', readyWhileClosed = false }: DialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const stopWaitingForField = useRef<(() => void) | null>(null);
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  }, [onDismiss]);
  // How many times the dialog has closed: the key of the content prepared for the next opening (readyWhileClosed).
  // Counted as the render sees the change (React's pattern for state following a prop), so the closing's own render
  // already drops what was typed.
  const [closings, setClosings] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setClosings(closings + 1);
  }

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? focusReturnTarget(document.activeElement) : null;
      // A field marked data-autofocus is where the dialog's task starts. As the `autofocus` attribute, showModal()
      // focuses it itself: one change of focus (and one style and layout pass, costly on a phone) instead of the
      // first button's and then the field's. (React's autoFocus prop calls focus() before showModal() instead.)
      const field = dialog.querySelector<HTMLElement>('[data-autofocus]');
      field?.setAttribute('autofocus', '');
      dialog.showModal();
      if (field && document.activeElement !== field) field.focus();
      else if (!field) stopWaitingForField.current = focusFieldWhenItArrives(dialog);
    } else if (!open && dialog.open) {
      stopWaitingForField.current?.();
      stopWaitingForField.current = null;
      dialog.close();
      returnFocus(returnFocusTo.current);
      returnFocusTo.current = null;
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires `cancel`; the machine decides whether the dialog really closes.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onDismissRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      stopWaitingForField.current?.();
      // Unmounted while open, e.g. a link in it changed the page: focus went down with the dialog. Once the
      // next page has rendered, and unless something else took focus, it goes where a close would send it.
      if (dialog.open) returnFocusAfterUnmount(returnFocusTo.current);
    };
  }, []);

  const body = (
    <div className={styles.body}>
      <header className={styles.header}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        <button type="button" className={styles.close} onClick={() => onDismissRef.current()} aria-label={t`Close`}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      {children}
    </div>
  );

  return (
    <dialog
      ref={ref}
      className={[styles.dialog, styles[size]].join(' ')}
      aria-labelledby={titleId}
      onMouseDown={(event) => {
        if (event.target === ref.current) onDismissRef.current();
      }}
    >
      {readyWhileClosed ? (
        <Activity key={closings} mode={open ? 'visible' : 'hidden'}>
          {body}
        </Activity>
      ) : open ? (
        body
      ) : null}
    </dialog>
  );
}

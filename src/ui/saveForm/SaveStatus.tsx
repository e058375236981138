import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../Button';
import styles from './SaveStatus.module.css';

interface SaveStatusProps {
  saved: boolean;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
}

/** What happened to the last save: a short "Saved", or why it failed with a retry that resends what was typed. */
export function SaveStatus({ saved, failed, error, onRetry }: SaveStatusProps) {
  if (failed) {
    return (
      <div className={styles.saveError} role="alert">
        <span>
          <Trans>Not saved: {error}</Trans>
        </span>
        <Button size="sm" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  return (
    <span className={styles.saved} role="status">
      {saved ? <Trans>Saved</Trans> : null}
    </span>
  );
}

interface FormFooterProps {
  form: { saved: boolean; failed: boolean; error: string | null; dirty: boolean; busy: boolean; retry: () => void; reset: () => void };
  submitLabel: ReactNode;
}

/** The foot of a settings form: what the last save did, "Discard changes" while edited, and the submit button. */
export function FormFooter({ form, submitLabel }: FormFooterProps) {
  return (
    <div className={styles.actions}>
      <SaveStatus saved={form.saved} failed={form.failed} error={form.error} onRetry={form.retry} />
      {form.dirty && !form.busy ? (
        <Button onClick={form.reset}>
          <Trans>Discard changes</Trans>
        </Button>
      ) : null}
      <Button type="submit" variant="primary" busy={form.busy}>
        {submitLabel}
      </Button>
    </div>
  );
}

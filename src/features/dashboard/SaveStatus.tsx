import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import styles from './Settings.module.css';

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

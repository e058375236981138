import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button';
import styles from './Pager.module.css';

interface PagerProps {
  /** Names the list the pager moves through, for screen readers ("Usage records pages"). */
  label: string;
  pageNum: number;
  lastPage: number;
  total: number;
  /** A page is on its way: both buttons wait for it. */
  busy: boolean;
  onGoTo: (pageNum: number) => void;
}

export function Pager({ label, pageNum, lastPage, total, busy, onGoTo }: PagerProps) {
  const { t } = useLingui();
  return (
    <nav className={styles.pager} aria-label={label}>
      <p className={styles.position} aria-live="polite">
        <Trans>
          Page {pageNum} of {lastPage} · {total} in all
        </Trans>
      </p>
      <div className={styles.buttons}>
        <Button size="sm" onClick={() => onGoTo(pageNum - 1)} disabled={busy || pageNum <= 1} aria-label={t`Previous page`}>
          <Trans context="pagination">Previous</Trans>
        </Button>
        <Button size="sm" onClick={() => onGoTo(pageNum + 1)} disabled={busy || pageNum >= lastPage} aria-label={t`Next page`}>
          <Trans context="pagination">Next</Trans>
        </Button>
      </div>
    </nav>
  );
}

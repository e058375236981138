import { useSelector } from '@xstate/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ZipDownloadActor } from '../../actors/zipDownload';
import { Button } from '../../ui/Button';
import styles from './History.module.css';

interface ZipDownloadPanelProps {
  actor: ZipDownloadActor;
  /** Tasks chosen, and how many images they hold. */
  selectedTasks: number;
  selectedImages: number;
  onDownload(): void;
  onClearSelection(): void;
}

/** The selection and its ZIP: how many are chosen, the download's progress, and what could not be fetched. */
export function ZipDownloadPanel({ actor, selectedTasks, selectedImages, onDownload, onClearSelection }: ZipDownloadPanelProps) {
  const { t } = useLingui();
  const phase = useSelector(actor, (s) =>
    s.matches('fetching')
      ? 'fetching'
      : s.matches('zipping')
        ? 'zipping'
        : s.matches('saved')
          ? 'saved'
          : s.matches('partlyFailed')
            ? 'partlyFailed'
            : s.matches('failed')
              ? 'failed'
              : 'idle',
  );
  const done = useSelector(actor, (s) => s.context.index);
  const total = useSelector(actor, (s) => s.context.items.length);
  const failures = useSelector(actor, (s) => s.context.failures);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = phase === 'fetching' || phase === 'zipping';
  if (selectedTasks === 0 && phase === 'idle') return null;
  const fetched = total - failures.length;
  const current = Math.min(done + 1, total);

  return (
    <section className={styles.zipPanel} aria-label={t`Download as ZIP`}>
      <div className={styles.zipBar}>
        <span>
          <Plural value={selectedTasks} one="# generation selected" other="# generations selected" />{' '}
          <span className={styles.muted}>
            (<Plural value={selectedImages} one="# image" other="# images" />)
          </span>
        </span>
        <Button size="sm" variant="primary" onClick={onDownload} disabled={busy || selectedImages === 0}>
          <Trans>Download ZIP</Trans>
        </Button>
        <Button size="sm" variant="ghost" onClick={onClearSelection} disabled={busy || selectedTasks === 0}>
          <Trans>Clear selection</Trans>
        </Button>
      </div>
      {/* One live region for the whole download: progress, then how it ended. */}
      <div role="status" className={styles.zipStatus}>
        {phase === 'fetching' ? (
          <>
            <label className={styles.zipProgress}>
              <span>
                <Trans>
                  Fetching image {current} of {total}…
                </Trans>
              </span>
              <progress max={total} value={done} />
            </label>
            <Button size="sm" onClick={() => actor.send({ type: 'CANCEL' })}>
              <Trans>Cancel download</Trans>
            </Button>
          </>
        ) : phase === 'zipping' ? (
          <>
            <label className={styles.zipProgress}>
              <span>
                <Trans>Building the ZIP…</Trans>
              </span>
              <progress max={total} value={total} />
            </label>
            <Button size="sm" onClick={() => actor.send({ type: 'CANCEL' })}>
              <Trans>Cancel download</Trans>
            </Button>
          </>
        ) : phase === 'saved' ? (
          <p className={styles.zipOutcome} data-outcome="saved">
            <Plural value={total} one="ZIP saved with # image." other="ZIP saved with all # images." />
          </p>
        ) : phase === 'partlyFailed' ? (
          <p className={styles.zipOutcome} data-outcome="partly">
            <Trans>
              ZIP saved with {fetched} of {total} images. Not included:
            </Trans>
          </p>
        ) : phase === 'failed' ? (
          <p className={styles.zipOutcome} data-outcome="failed">
            {error ? <Trans>The ZIP could not be made: {error}</Trans> : <Trans>The ZIP could not be made: not one image could be fetched.</Trans>}
          </p>
        ) : null}
      </div>
      {(phase === 'partlyFailed' || phase === 'failed') && failures.length > 0 ? (
        <ul className={styles.zipFailures} aria-label={t`Images that could not be fetched`}>
          {failures.map((failure) => (
            <li key={failure.name}>
              <code>{failure.name}</code>: {failure.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {phase === 'saved' || phase === 'partlyFailed' || phase === 'failed' ? (
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'DISMISS' })}>
          <Trans>Dismiss</Trans>
        </Button>
      ) : null}
    </section>
  );
}

import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { lastPage } from '../../machines/pagedList.machine';
import type { PagedListActor } from '../actors/pagedList';
import { Button } from './Button';
import { Pager } from './Pager';
import { Spinner } from './Spinner';
import styles from './Panel.module.css';

const selectPhase = <T,>(s: SnapshotFrom<PagedListActor<T>>) =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'list';

interface PagedSectionProps<T> {
  actor: PagedListActor<T>;
  /** Ties the section to its heading, for screen readers. */
  titleId: string;
  title: ReactNode;
  loadingText: ReactNode;
  /** Said when the list cannot load and the server gave no reason. */
  failedText: string;
  empty: ReactNode;
  /** Names the pager ("Order pages"). */
  pagerLabel: string;
  /** The table of the current page; `busy` while the next page loads (the old one stays on screen). */
  children: (busy: boolean) => ReactNode;
  /** Shown under the list whatever its state (a form about the selected rows). */
  footer?: ReactNode;
}

/** A paged list as a dashboard section: loading, failed with a retry, empty, or a page with a pager. */
export function PagedSection<T>({ actor, titleId, title, loadingText, failedText, empty, pagerLabel, children, footer }: PagedSectionProps<T>) {
  const { t } = useLingui();
  const phase = useSelector(actor, selectPhase);
  const changingPage = useSelector(actor, (s) => s.hasTag('busy'));
  const pageFailed = useSelector(actor, (s) => s.matches({ loaded: 'pageChangeFailed' }));
  const position = useSelector(
    actor,
    (s) => ({ pageNum: s.context.pageNum, total: s.context.total, lastPage: lastPage(s.context) }),
    (a, b) => a.pageNum === b.pageNum && a.total === b.total,
  );
  const error = useSelector(actor, (s) => s.context.error);

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          {title}
        </h2>
        {phase === 'list' || phase === 'empty' ? (
          <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'REFRESH' })} disabled={changingPage}>
            <Trans>Refresh</Trans>
          </Button>
        ) : null}
      </div>
      {phase === 'loading' ? (
        <p className={styles.notice} role="status">
          <Spinner /> {loadingText}
        </p>
      ) : phase === 'failed' ? (
        <div className={styles.notice} role="alert">
          <span>{error ?? failedText}</span>
          <Button size="sm" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : phase === 'empty' ? (
        empty
      ) : (
        <>
          {children(changingPage)}
          {pageFailed ? (
            <p className={styles.fieldError} role="alert">
              {t`That page could not be loaded: ${error ?? ''}`} <Trans>The list above is unchanged; try again.</Trans>
            </p>
          ) : null}
          <Pager
            label={pagerLabel}
            pageNum={position.pageNum}
            lastPage={position.lastPage}
            total={position.total}
            busy={changingPage}
            onGoTo={(pageNum) => actor.send({ type: 'GO_TO_PAGE', pageNum })}
          />
        </>
      )}
      {footer}
    </section>
  );
}

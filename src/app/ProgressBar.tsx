import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../actors/AppActorContext';
import styles from './ProgressBar.module.css';

/** The thin bar at the top while a route's code and first data load. */
export function ProgressBar() {
  const { t } = useLingui();
  const phase = useGlobalSelector('pageProgress', (s) =>
    s.matches('loading') ? 'loading' : s.matches('done') ? 'done' : s.matches('failed') ? 'failed' : 'idle',
  );
  if (phase === 'idle') return null;
  return (
    <div className={`${styles.bar} ${styles[phase]}`} role="progressbar" aria-label={t`Loading page`} aria-busy={phase === 'loading'}>
      <span className={styles.fill} />
    </div>
  );
}

/**
 * Rendered as a Suspense fallback: while it is on screen a route is loading. Mounting starts the bar;
 * unmounting (the route arrived) finishes it. Failures are reported by the route error boundary.
 */
export function RouteLoading() {
  const progress = useGlobalActor('pageProgress');
  useEffect(() => {
    progress.send({ type: 'START' });
    return () => progress.send({ type: 'DONE' });
  }, [progress]);
  return null;
}

import { Suspense, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadBoundary } from '../ui/LoadBoundary';
import { retryableLazy } from '../ui/retryableLazy';
import { openedByUrl } from './openedByUrl';
import styles from './DemoControls.module.css';

// The panel, and the demo database it drives, load when it is first opened: a visit that never opens it fetches
// only this. With its words (retryableLazy waits for the whole catalogue), and again if it failed to arrive.
const DemoControls = retryableLazy(() => import('./DemoControls').then((module) => ({ default: module.DemoControls })));

/**
 * Demo mode's QA panel as the page starts with it: the collapsed pill (and Alt+Shift+D). Opening it loads the panel
 * (DemoControls.tsx), which from then on collapses, hides and opens itself.
 */
export function DemoControlsLauncher() {
  const { t } = useLingui();
  // Once opened, the panel owns its own visibility: this only says whether its code has been asked for.
  const [panelWanted, setPanelWanted] = useState(openedByUrl);

  // Alt+Shift+D opens the panel from anywhere (event.code: the letter typed with Alt differs per layout).
  useEffect(() => {
    if (panelWanted) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || !event.shiftKey || event.code !== 'KeyD') return;
      event.preventDefault();
      setPanelWanted(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [panelWanted]);

  const pill = (busy: boolean, open: () => void) => (
    <aside aria-label={t`Demo controls`} className={`${styles.panel} ${styles.collapsed}`}>
      <button type="button" className={styles.pill} aria-expanded={false} aria-busy={busy || undefined} onClick={open}>
        <Trans>Demo controls</Trans>
      </button>
    </aside>
  );
  if (!panelWanted) return pill(false, () => setPanelWanted(true));
  return (
    // Offline, the pill stays, and a press fetches the panel again.
    <LoadBoundary fallback={(_error, retry) => pill(false, retry)}>
      <Suspense fallback={pill(true, () => undefined)}>
        <DemoControls openAtStart={!openedByUrl()} />
      </Suspense>
    </LoadBoundary>
  );
}

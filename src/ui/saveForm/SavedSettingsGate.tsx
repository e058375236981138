import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { Spinner } from '../Spinner';
import styles from './SavedSettingsGate.module.css';

/**
 * Holds back forms that edit saved settings until the server has confirmed them: after a reload the session
 * starts from a cached copy, which may predate the last save, and a form started from it would show old values.
 */
export function SavedSettingsGate({ children }: { children: ReactNode }) {
  const known = useGlobalSelector('user', userSelectors.areSavedSettingsKnown);
  if (known) return children;
  return (
    <p className={styles.loadingSettings} role="status">
      <Spinner /> <Trans>Loading your saved settings…</Trans>
    </p>
  );
}

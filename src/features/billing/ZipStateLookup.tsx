import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { useResource } from '../../actors/resource';
import { zipStateRead } from '../../actors/reads';
import { Spinner } from '../../ui/Spinner';
import styles from './Billing.module.css';

/**
 * Looks up the US state of a complete ZIP code and hands it to the form. Mounted once per ZIP code
 * (keyed by it), so each code is asked once and a newer code replaces the older lookup.
 */
export function ZipStateLookup({ zip, onFound }: { zip: string; onFound: (state: string) => void }) {
  const { phase, value, error } = useResource(zipStateRead, zip);
  const state = value?.state ?? null;

  useEffect(() => {
    if (state) onFound(state);
    // onFound changes with every keystroke of the form; the state arrives once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  if (phase === 'loading') {
    return (
      <p className={styles.hint} role="status">
        <Spinner size={12} /> <Trans>Looking up the state…</Trans>
      </p>
    );
  }
  if (phase === 'failed') {
    return (
      <p className={styles.hint} role="status">
        {error} <Trans>Enter the state yourself.</Trans>
      </p>
    );
  }
  return null;
}

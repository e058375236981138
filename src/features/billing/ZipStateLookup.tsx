import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { useLocalActor } from '../../actors/useLocalActor';
import { createResourceLogic } from '../../actors/resource';
import { zipcodeInfo } from '../../api/trade';
import { Spinner } from '../../ui/Spinner';
import styles from './Billing.module.css';

/**
 * Looks up the US state of a complete ZIP code and hands it to the form. Mounted once per ZIP code
 * (keyed by it), so each code is asked once and a newer code replaces the older lookup.
 */
export function ZipStateLookup({ zip, onFound }: { zip: string; onFound: (state: string) => void }) {
  const [logic] = useState(() => createResourceLogic(() => zipcodeInfo({ countryCode: 'US', zipcode: zip })));
  const actor = useLocalActor(logic);
  const phase = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  // The loader is zipcodeInfo: its value is { state }.
  const state = useSelector(actor, (s) => (s.context.value as { state: string } | null)?.state ?? null);
  const error = useSelector(actor, (s) => s.context.error);

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

import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { UsageRecord } from '../../api/contract';
import styles from './History.module.css';

/** The first image of a generation, small; a plain tile when there is none (still running, failed, expired). */
export function RecordThumbnail({ record }: { record: UsageRecord }) {
  const { t } = useLingui();
  // Whether the browser could load the picture: measured, not a flow.
  const [broken, setBroken] = useState(false);
  const url = record.resultImageUrls[0];
  if (!url || broken) return <span className={styles.thumb} data-status={record.status} aria-hidden="true" />;
  return <img className={styles.thumb} src={url} alt={t`Preview`} loading="lazy" width={48} height={48} onError={() => setBroken(true)} />;
}

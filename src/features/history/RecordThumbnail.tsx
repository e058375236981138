import { useState } from 'react';
import type { UsageRecord } from '../../api/contract';
import { safeHref } from '../../services/urls';
import styles from './History.module.css';

/** The first image of a generation, small; a plain tile when there is none (still running, failed, expired). */
export function RecordThumbnail({ record }: { record: UsageRecord }) {
  // The picture the browser failed to load, if any: measured, not a flow. Kept by address, so a record whose
  // result changes on a refresh tries its new picture.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = safeHref(record.resultImageUrls[0]);
  if (!url || url === failedUrl) return <span className={styles.thumb} data-status={record.status} aria-hidden="true" />;
  // Decorative: the prompt beside it says what it shows, and a name would repeat it on every row.
  return <img className={styles.thumb} src={url} alt="" loading="lazy" width={48} height={48} onError={() => setFailedUrl(url)} />;
}

import { useState } from 'react';
import type { UsageRecord } from '../../api/contract';
import { safeHref } from '../../services/urls';
import styles from './History.module.css';

/**
 * One image of a generation, small (the table) or as a gallery tile; a plain tile when there is none (still
 * running, failed) or it does not load (expired).
 */
export function RecordThumbnail({ record, index = 0, size = 'small' }: { record: UsageRecord; index?: number; size?: 'small' | 'large' }) {
  // The picture the browser failed to load, if any: measured, not a flow. Kept by address, so a record whose
  // result changes on a refresh tries its new picture.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = safeHref(record.resultImageUrls[index]);
  const className = size === 'large' ? `${styles.thumb} ${styles.thumbLarge}` : styles.thumb;
  if (!url || url === failedUrl)
    return <span className={className} data-status={record.status} data-missing={url ? 'true' : undefined} aria-hidden="true" />;
  const pixels = size === 'large' ? 160 : 48;
  // Decorative: the prompt beside it (or the button around it) says what it shows.
  return (
    <img className={className} src={url} alt="" loading="lazy" decoding="async" width={pixels} height={pixels} onError={() => setFailedUrl(url)} />
  );
}

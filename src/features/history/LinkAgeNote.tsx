import { Trans, useLingui } from '@lingui/react/macro';
import type { UsageRecord } from '../../api/contract';
import { linkAge, STORED_FILE_DAYS } from './linkAge';
import styles from './History.module.css';

/** How old a result's links are, and a warning when they may be gone or soon will be. Nothing for a task without images. */
export function LinkAgeNote({ record, now }: { record: UsageRecord; now: number }) {
  const { i18n } = useLingui();
  const age = record.resultImageUrls.length > 0 ? linkAge(record.createTime, now) : null;
  if (!age) return null;
  let amount: string;
  try {
    amount = new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: age.unit, unitDisplay: 'long' }).format(age.amount);
  } catch {
    amount = `${age.amount} ${age.unit}`;
  }
  return (
    <span className={styles.linkAge} data-state={age.state}>
      <span>
        <Trans>Link age: {amount}</Trans>
      </span>
      {age.state === 'mayHaveExpired' ? (
        <strong className={styles.linkWarning}>
          <Trans>May have expired: result files are kept about {STORED_FILE_DAYS} days.</Trans>
        </strong>
      ) : age.state === 'expiresSoon' ? (
        <strong className={styles.linkWarning}>
          <Trans>Expires soon: download it to keep it.</Trans>
        </strong>
      ) : null}
    </span>
  );
}

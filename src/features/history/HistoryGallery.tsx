import { Trans, useLingui } from '@lingui/react/macro';
import type { UsageRecord } from '../../api/contract';
import { modelName } from '../../domain/generationOptions';
import { TaskStatusLabel } from '../../ui/TaskStatusLabel';
import { formatDate } from '../../ui/formatDate';
import type { ImagePosition } from './historyImages';
import { LinkAgeNote } from './LinkAgeNote';
import { RecordThumbnail } from './RecordThumbnail';
import styles from './History.module.css';

interface HistoryGalleryProps {
  records: readonly UsageRecord[];
  busy: boolean;
  now: number;
  selected: ReadonlySet<string>;
  onSelect(record: UsageRecord, selected: boolean): void;
  onOpen(position: ImagePosition): void;
}

/** The page's tasks as cards: every image of a task (loaded as it scrolls into view), opening the lightbox. */
export function HistoryGallery({ records, busy, now, selected, onSelect, onOpen }: HistoryGalleryProps) {
  const { t, i18n } = useLingui();
  return (
    <ul className={styles.gallery} aria-busy={busy || undefined} aria-label={t`Gallery`}>
      {records.map((record) => {
        const time = formatDate(i18n, record.createTime, { dateStyle: 'medium', timeStyle: 'short' });
        const count = record.resultImageUrls.length;
        return (
          <li key={record.id} className={styles.galleryCard}>
            <div className={styles.galleryImages} data-count={Math.min(count, 4)}>
              {count === 0 ? (
                <RecordThumbnail record={record} />
              ) : (
                record.resultImageUrls.map((url, index) => {
                  const imageNumber = index + 1;
                  return (
                    <button
                      key={`${index}:${url}`}
                      type="button"
                      className={styles.galleryButton}
                      onClick={() => onOpen({ taskId: record.taskId, index })}
                      aria-label={t`Open image ${imageNumber} of ${count} from ${time}`}
                    >
                      <RecordThumbnail record={record} index={index} size="large" />
                    </button>
                  );
                })
              )}
            </div>
            <p className={styles.galleryPrompt} title={record.prompt}>
              {record.prompt || <span className={styles.muted}>—</span>}
            </p>
            <p className={styles.galleryMeta}>
              {modelName(record.model)} · <TaskStatusLabel status={record.status} className={styles.status} /> · {time}
            </p>
            <LinkAgeNote record={record} now={now} />
            {count > 0 ? (
              <label className={styles.selectLabel}>
                <input type="checkbox" checked={selected.has(record.taskId)} onChange={(event) => onSelect(record, event.target.checked)} />
                <span>
                  <Trans>Select</Trans>
                  <span className="visually-hidden"> {t`the generation from ${time}`}</span>
                </span>
              </label>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

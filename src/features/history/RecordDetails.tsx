import { Link } from 'wouter';
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DetailsDialogActor } from '../../actors/detailsDialog';
import type { UsageRecord } from '../../api/contract';
import { modelName, modelSpec } from '../../domain/generationOptions';
import { Button, buttonClasses } from '../../ui/Button';
import { copyText } from '../../ui/copyText';
import { Dialog } from '../../ui/Dialog';
import { TaskStatusLabel } from '../../ui/TaskStatusLabel';
import { draftFromParamJson, playgroundHref } from '../../domain/generationDraft';
import { ResultImageCard } from '../../ui/ResultImageCard';
import { formatDate } from '../../ui/formatDate';
import { safeHref } from '../../services/urls';
import { formatNumber } from '../../ui/formatNumber';
import { taskCreditsText } from '../../ui/credits';
import styles from './History.module.css';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The stored request as indented JSON, or null when there is none or it is not JSON. */
function prettyRequest(paramJson: string): string | null {
  if (paramJson.trim() === '') return null;
  try {
    return JSON.stringify(JSON.parse(paramJson), null, 2);
  } catch {
    return null;
  }
}

/** Everything about one generation: its images, every parameter, what it cost, and why it failed if it did. */
export function RecordDetails({ actor }: { actor: DetailsDialogActor<UsageRecord> }) {
  const { t, i18n } = useLingui();
  const open = useSelector(actor, (s) => s.hasTag('open'));
  // The history list opens it with one of its records.
  const record = useSelector(actor, (s) => s.context.item);
  const close = () => actor.send({ type: 'CLOSE' });
  const draft = record ? draftFromParamJson(record.paramJson, record.model) : null;
  const request = record ? prettyRequest(record.paramJson) : null;
  const time = (iso: string) => formatDate(i18n, iso, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <Dialog open={open && record !== null} onDismiss={close} size="md" title={t`Generation details`}>
      {record ? (
        <div className={styles.details}>
          {record.resultImageUrls.length > 0 ? (
            <ul className={styles.detailImages}>
              {record.resultImageUrls.map((url, index) => (
                // A server may list one address twice; a new address is a new card (its load state starts afresh).
                <li key={`${index}:${url}`}>
                  <ResultImageCard url={url} index={index} taskId={record.taskId} prompt={record.prompt} aspectRatio={draft?.aspectRatio ?? '1:1'} />
                </li>
              ))}
            </ul>
          ) : null}
          {record.status === 0 ? (
            <p className={styles.note}>
              <Trans>This task is still generating. Refresh the list in a few seconds to see how it ended.</Trans>
            </p>
          ) : null}
          {record.errorMessage ? (
            <p className={styles.errorBox} role="note">
              <strong>
                <Trans>Why it failed:</Trans>
              </strong>{' '}
              {record.errorMessage}
            </p>
          ) : null}
          <dl className={styles.detailList}>
            <Row label={<Trans>Prompt</Trans>}>
              <span className={styles.fullPrompt}>{record.prompt}</span>
            </Row>
            <Row label={<Trans>Status</Trans>}>
              <TaskStatusLabel status={record.status} className={styles.status} />
            </Row>
            <Row label={<Trans>Model</Trans>}>{modelName(record.model)}</Row>
            {draft ? (
              <>
                <Row label={<Trans>Kind</Trans>}>{draft.referenceUrls.length > 0 ? t`Image to image` : t`Text to image`}</Row>
                <Row label={<Trans>Aspect ratio</Trans>}>{draft.aspectRatio === 'auto' ? t`Auto` : draft.aspectRatio}</Row>
                {modelSpec(draft.model).resolutions.length > 0 ? <Row label={<Trans>Resolution</Trans>}>{draft.resolution}</Row> : null}
                <Row label={<Trans>Images</Trans>}>{formatNumber(i18n, draft.numImages)}</Row>
                {modelSpec(draft.model).outputFormats.length > 0 ? <Row label={<Trans>Format</Trans>}>{draft.outputFormat.toUpperCase()}</Row> : null}
                {draft.referenceUrls.length > 0 ? (
                  <Row label={<Trans>Reference images</Trans>}>
                    <ul className={styles.plainList}>
                      {draft.referenceUrls.map((url, index) => {
                        // The stored request is the server's text: only a web address becomes a link.
                        const link = safeHref(url);
                        return (
                          <li key={`${index}:${url}`}>
                            {link ? (
                              <a href={link} target="_blank" rel="noopener noreferrer">
                                {url}
                              </a>
                            ) : (
                              url
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  </Row>
                ) : null}
              </>
            ) : null}
            {request ? (
              <Row label={<Trans>Request</Trans>}>
                {/* The task API's own field names, as the task was sent (paramJson). */}
                <pre className={styles.request} tabIndex={0} aria-label={t`The request as the task API took it`}>
                  <code>{request}</code>
                </pre>
              </Row>
            ) : null}
            <Row label={<Trans>Credits</Trans>}>{taskCreditsText(i18n, record)}</Row>
            <Row label={<Trans>API key</Trans>}>{record.apiKeyName ?? '—'}</Row>
            <Row label={<Trans>Created</Trans>}>{time(record.createTime)}</Row>
            <Row label={<Trans>Task ID</Trans>}>
              <code className={styles.taskId}>{record.taskId}</code>{' '}
              <Button size="sm" variant="ghost" onClick={() => void copyText(record.taskId)} aria-label={t`Copy the task ID`}>
                <Trans>Copy</Trans>
              </Button>
            </Row>
          </dl>
          <div className={styles.detailActions}>
            <Button onClick={close}>
              <Trans>Close</Trans>
            </Button>
            {draft ? (
              <Link href={playgroundHref(draft)} className={buttonClasses('primary')}>
                <Trans>Open in playground</Trans>
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DetailsDialogActor } from '../../actors/detailsDialog';
import { draftFromParamJson, playgroundHref } from '../../domain/generationDraft';
import { modelName, modelSpec } from '../../domain/generationOptions';
import { Button, buttonClasses } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TaskStatusLabel } from '../../ui/TaskStatusLabel';
import { formatDate } from '../../ui/formatDate';
import { formatNumber } from '../../ui/formatNumber';
import type { HistoryImage, ImagePosition } from './historyImages';
import { LinkAgeNote } from './LinkAgeNote';
import styles from './History.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog keeps the page behind it inert, but Tab from its last control still leaves for the browser's own
 * controls: here it goes round to the first instead (and Shift+Tab from the first to the last).
 */
function keepFocusInside(dialog: HTMLDialogElement | null | undefined, event: KeyboardEvent): void {
  if (!dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * One image of the page at full size, with its task's prompt and parameters and a way back into the playground
 * with them. A modal dialog (focus stays inside, Escape closes); the arrow keys and two buttons move through every
 * image of the page.
 */
export function Lightbox({ actor, images, now }: { actor: DetailsDialogActor<ImagePosition>; images: readonly HistoryImage[]; now: number }) {
  const { t, i18n } = useLingui();
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const item = useSelector(actor, (s) => s.context.item);
  const position = item ? images.findIndex((image) => image.record.taskId === item.taskId && image.index === item.index) : -1;
  const current = position >= 0 ? images[position] : undefined;
  const close = () => actor.send({ type: 'CLOSE' });
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || position < 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') {
        keepFocusInside(content.current?.closest('dialog'), event);
        return;
      }
      if ((event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') || images.length < 2) return;
      // Arrows inside a text field move its caret, not the image.
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 1 : -1;
      const next = images[(position + step + images.length) % images.length];
      if (next) actor.send({ type: 'OPEN', item: { taskId: next.record.taskId, index: next.index } });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actor, images, open, position]);

  const go = (step: number) => {
    const next = images[(position + step + images.length) % images.length];
    if (next) actor.send({ type: 'OPEN', item: { taskId: next.record.taskId, index: next.index } });
  };

  const record = current?.record;
  const draft = record ? draftFromParamJson(record.paramJson, record.model) : null;
  const shown = position + 1;
  const total = images.length;
  const imageNumber = (current?.index ?? 0) + 1;
  const imageCount = record?.resultImageUrls.length ?? 0;

  return (
    <Dialog open={open && current !== undefined} onDismiss={close} size="md" title={t`Image ${shown} of ${total}`}>
      {current && record ? (
        <div className={styles.lightbox} ref={content}>
          <figure className={styles.lightboxFigure}>
            {/* Keyed by address: the next image starts blank instead of showing the last one until it loads. */}
            <img key={current.url} src={current.url} alt={record.prompt || t`Generated image`} className={styles.lightboxImage} />
            <figcaption className={styles.muted}>
              <Trans>
                Image {imageNumber} of {imageCount} of this task
              </Trans>
            </figcaption>
          </figure>
          <div className={styles.lightboxNav}>
            <Button size="sm" onClick={() => go(-1)} disabled={total < 2}>
              <Trans>Previous image</Trans>
            </Button>
            <Button size="sm" onClick={() => go(1)} disabled={total < 2}>
              <Trans>Next image</Trans>
            </Button>
          </div>
          <dl className={styles.detailList}>
            <div className={styles.detailRow}>
              <dt>
                <Trans>Prompt</Trans>
              </dt>
              <dd className={styles.fullPrompt}>{record.prompt}</dd>
            </div>
            <div className={styles.detailRow}>
              <dt>
                <Trans>Model</Trans>
              </dt>
              <dd>{modelName(record.model)}</dd>
            </div>
            <div className={styles.detailRow}>
              <dt>
                <Trans>Status</Trans>
              </dt>
              <dd>
                <TaskStatusLabel status={record.status} className={styles.status} />
              </dd>
            </div>
            {draft ? (
              <>
                <div className={styles.detailRow}>
                  <dt>
                    <Trans>Aspect ratio</Trans>
                  </dt>
                  <dd>{draft.aspectRatio === 'auto' ? t`Auto` : draft.aspectRatio}</dd>
                </div>
                {modelSpec(draft.model).resolutions.length > 0 ? (
                  <div className={styles.detailRow}>
                    <dt>
                      <Trans>Resolution</Trans>
                    </dt>
                    <dd>{draft.resolution}</dd>
                  </div>
                ) : null}
                <div className={styles.detailRow}>
                  <dt>
                    <Trans>Images</Trans>
                  </dt>
                  <dd>{formatNumber(i18n, draft.numImages)}</dd>
                </div>
              </>
            ) : null}
            <div className={styles.detailRow}>
              <dt>
                <Trans>Created</Trans>
              </dt>
              <dd>{formatDate(i18n, record.createTime, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
            </div>
            <div className={styles.detailRow}>
              <dt>
                <Trans>Link</Trans>
              </dt>
              <dd>
                <LinkAgeNote record={record} now={now} />
              </dd>
            </div>
          </dl>
          <div className={styles.detailActions}>
            <Button onClick={close}>
              <Trans>Close</Trans>
            </Button>
            {draft ? (
              <Link href={playgroundHref(draft)} className={buttonClasses('primary')}>
                <Trans>Use these settings</Trans>
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

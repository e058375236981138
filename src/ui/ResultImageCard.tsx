import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { safeHref } from '../services/urls';
import { Button } from './Button';
import { downloadImage } from './downloadImage';
import styles from './ResultImageCard.module.css';

interface ResultImageCardProps {
  url: string;
  index: number;
  taskId: string;
  prompt: string;
  aspectRatio: string;
}

type Loaded = { kind: 'loading' } | { kind: 'loaded'; width: number; height: number } | { kind: 'broken' };

/** Width over height of a ratio written `W:H` (1 for auto or anything unreadable). */
function ratioValue(aspectRatio: string): number {
  const [width, height] = aspectRatio.split(':').map(Number);
  return width !== undefined && height !== undefined && width > 0 && height > 0 ? width / height : 1;
}

/** One generated image: the picture, its real size once it has loaded, and open and download. */
export function ResultImageCard({ url, index, taskId, prompt, aspectRatio }: ResultImageCardProps) {
  const { t } = useLingui();
  // What the browser found at the link: measured, not a flow of ours.
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const ratio = aspectRatio === 'auto' ? '1 / 1' : aspectRatio.replace(':', ' / ');
  // A page may cap the picture's height (--result-image-max-height) so a result fits the screen: the width follows.
  const frame = { aspectRatio: ratio, maxWidth: `calc(var(--result-image-max-height, 100000px) * ${ratioValue(aspectRatio)})` };
  const number = index + 1;
  // Only a web address becomes a link or a picture; anything else shows as an image that cannot be loaded.
  const image = safeHref(url);
  const broken = (
    <span className={styles.broken}>
      <Trans>The image could not be loaded. The link may have expired.</Trans>
    </span>
  );
  return (
    <figure className={styles.card}>
      {image ? (
        <a
          href={image}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.imageLink}
          style={frame}
          aria-label={t`Open image ${number} in a new tab`}
        >
          {loaded.kind === 'broken' ? (
            broken
          ) : (
            <img
              src={image}
              alt={t`Image ${number} for: ${prompt}`}
              className={styles.image}
              onLoad={(event) => setLoaded({ kind: 'loaded', width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
              onError={() => setLoaded({ kind: 'broken' })}
            />
          )}
        </a>
      ) : (
        <span className={styles.imageLink} style={frame}>
          {broken}
        </span>
      )}
      <figcaption className={styles.caption}>
        <span className={styles.size} data-testid="image-size">
          {image && loaded.kind === 'loaded' ? `${loaded.width} × ${loaded.height}` : image && loaded.kind === 'loading' ? t`Loading…` : '—'}
        </span>
        <span className={styles.cardActions}>
          {image ? (
            <>
              <a href={image} target="_blank" rel="noopener noreferrer" className={styles.smallLink}>
                <Trans>Open</Trans>
              </a>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void downloadImage(image, `nano-banana-${taskId.slice(0, 8)}-${number}`)}
                aria-label={t`Download image ${number}`}
              >
                <Trans>Download</Trans>
              </Button>
            </>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}

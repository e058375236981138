import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { generationSelectors, type GenerationActor } from '../../actors/generation';
import { safeHref } from '../../services/urls';
import styles from './Playground.module.css';

/** Long prompts are cut for a thumbnail's name: the result itself shows the whole one. */
const NAME_LENGTH = 80;

function shortPrompt(prompt: string): string {
  const trimmed = prompt.trim();
  return trimmed.length > NAME_LENGTH ? `${trimmed.slice(0, NAME_LENGTH - 1)}…` : trimmed;
}

/**
 * This visit's results, newest first, as thumbnails: each shows its result again in the results panel (while no
 * task runs). The list is the generation chart's; it lasts until the page is reloaded. The history keeps them all.
 */
export function SessionStrip({ actor }: { actor: GenerationActor }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const session = useSelector(actor, generationSelectors.session);
  const canRestore = useSelector(actor, generationSelectors.canRestore);
  const shown = useSelector(actor, (s) => {
    const phase = generationSelectors.phase(s);
    return phase === 'succeeded' || phase === 'reviewing' ? (generationSelectors.result(s)?.taskId ?? null) : null;
  });
  if (session.length === 0) return null;
  return (
    <section className={styles.session} aria-labelledby={titleId}>
      <div className={styles.sessionHeader}>
        <h2 id={titleId} className={styles.sessionTitle}>
          <Trans>This visit</Trans>
        </h2>
        <Link href="/recent-history" className={styles.sessionLink}>
          <Trans>Full history</Trans>
        </Link>
      </div>
      <ol className={styles.sessionList}>
        {session.map(({ result, draft }) => {
          const thumbnail = safeHref(result.imageUrls[0]);
          const prompt = shortPrompt(draft.prompt);
          const count = result.imageUrls.length;
          return (
            <li key={result.taskId}>
              <button
                type="button"
                className={styles.sessionItem}
                aria-current={result.taskId === shown ? 'true' : undefined}
                disabled={!canRestore}
                title={prompt}
                aria-label={t`Show the result of “${prompt}”`}
                onClick={() => actor.send({ type: 'RESTORE', taskId: result.taskId })}
              >
                {thumbnail ? <img src={thumbnail} alt="" className={styles.sessionImage} loading="lazy" /> : null}
                {count > 1 ? (
                  // A mark for the eye (the result names its images): how many this task made.
                  <span className={styles.sessionCount} aria-hidden="true">
                    ×{i18n.number(count)}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
      <p className={styles.sessionNote}>
        <Trans>Newest first, kept until you reload the page.</Trans>
      </p>
    </section>
  );
}

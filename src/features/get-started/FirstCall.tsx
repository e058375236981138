import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { GENERATION_TIME_LIMIT_MINUTES, type QuickStartActor } from '../../actors/quickStart';
import { taskImageUrls } from '../../actors/generation';
import { INSUFFICIENT_CREDITS_CODE, SESSION_EXPIRED_CODE } from '../../api/contract';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { SweepBar } from '../../ui/SweepBar';
import { quickStartSelectors as select, useQuickStartChecks, useQuickStartPhase } from '../../actors/quickStart';
import styles from './GetStartedPage.module.css';

/** "2 credits", agreeing with the number in every language; sentences take it whole. */
function creditsText(cost: number): string {
  return plural(cost, { one: '# credit', other: '# credits' });
}

/** The task API's code for a task it does not know; an unknown key is SESSION_EXPIRED_CODE, 401. */
const UNKNOWN_TASK_CODE = 404;

const limitMinutes = GENERATION_TIME_LIMIT_MINUTES;

function isUnreachable(kind: string | null): boolean {
  return kind === 'network' || kind === 'timeout';
}

/** No answer, or one that could not be read: the request may have made its task (and been charged). */
function mayHaveCreated(kind: string | null): boolean {
  return isUnreachable(kind) || kind === 'invalidResponse';
}

/** An answer of the API as it came back, in a labelled block. */
function AnswerJson({ label, caption, value }: { label: string; caption: ReactNode; value: unknown }) {
  return (
    <div className={styles.answer}>
      <p className={styles.answerCaption}>{caption}</p>
      <pre className={`${styles.plainCode} ${styles.answerCode}`} tabIndex={0} role="group" aria-label={label}>
        <code>{JSON.stringify(value, null, 2)}</code>
      </pre>
    </div>
  );
}

/** What went wrong, what it means and what to do; the heading takes focus when the button that led here is gone. */
function Outcome({
  tone,
  title,
  children,
  headingRef,
}: {
  tone: 'danger' | 'warning' | 'success';
  title: ReactNode;
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className={styles.outcome} data-tone={tone}>
      <h3 className={styles.outcomeTitle} ref={headingRef} tabIndex={-1}>
        {title}
      </h3>
      {children}
    </div>
  );
}

function KeyAdvice() {
  return (
    <p>
      <Trans>
        The key may have been deleted or reset. Check it on the <Link href="/dashboard/api-keys">API keys</Link> page, then try again.
      </Trans>
    </p>
  );
}

function RequestFailure({ actor, cost }: { actor: QuickStartActor; cost: number }) {
  const { t } = useLingui();
  const credits = creditsText(cost);
  const error = useSelector(actor, select.error);
  const code = useSelector(actor, select.errorCode);
  const kind = useSelector(actor, select.errorKind);
  const reason = error ?? t`No reason was given.`;
  let title: string;
  let advice: ReactNode;
  if (code === SESSION_EXPIRED_CODE) {
    title = t`The API did not accept your key (401)`;
    advice = <KeyAdvice />;
  } else if (code === INSUFFICIENT_CREDITS_CODE) {
    title = t`Not enough credits (402)`;
    advice = (
      <p>
        <Trans>
          This request costs {credits}. <Link href="/dashboard/billing">Buy credits</Link>, then try again.
        </Trans>
      </p>
    );
  } else if (mayHaveCreated(kind)) {
    title = isUnreachable(kind) ? t`Could not reach the API` : t`The API's answer could not be read`;
    // No answer is not a refusal: the request may have made its task. Sending again blindly could make (and
    // charge) a second one, so the history is where to look first.
    advice = (
      <p>
        <Trans>
          Check your connection. The request may still have reached the API: look in your <Link href="/recent-history">history</Link> before sending
          it again, so the task is not made (and charged) twice.
        </Trans>
      </p>
    );
  } else {
    title = t`The task was not created`;
    advice = (
      <p>
        <Trans>Try again in a moment.</Trans>
      </p>
    );
  }
  return (
    <Outcome tone="danger" title={title}>
      <p>{reason}</p>
      {advice}
      {mayHaveCreated(kind) ? null : (
        <p className={styles.muted}>
          <Trans>No task was created and nothing was charged.</Trans>
        </p>
      )}
    </Outcome>
  );
}

/**
 * Step 3's run: send the sample request from this tab, with the user's key, and show what the API answered.
 * The button stays the same element through every state, so keyboard focus stays on it.
 */
export function SendRequestPanel({ actor, cost }: { actor: QuickStartActor; cost: number }) {
  const { t } = useLingui();
  const credits = creditsText(cost);
  const phase = useQuickStartPhase(actor);
  const canSend = useSelector(actor, select.canSend);
  const created = useSelector(actor, select.created);
  const taskId = useSelector(actor, select.taskId);
  const fresh = phase === 'ready' || phase === 'sending' || phase === 'requestFailed';
  const label =
    phase === 'ready' ? t`Send this request` : phase === 'sending' ? t`Sending…` : phase === 'requestFailed' ? t`Try again` : t`Send it again`;

  return (
    <div className={styles.run}>
      <div className={styles.runActions}>
        <Button
          variant={fresh ? 'primary' : 'secondary'}
          busy={phase === 'sending'}
          disabled={!canSend && phase !== 'sending'}
          onClick={() => actor.send({ type: 'SEND' })}
        >
          {label}
        </Button>
        <span className={styles.hint}>
          {fresh ? (
            <Trans>Sends the request above from this tab, with your key: {credits} if the image is made.</Trans>
          ) : (
            <Trans>Sending again creates a new task.</Trans>
          )}
        </span>
      </div>
      <div role="status" className={styles.live}>
        {phase === 'sending' ? (
          <p className={styles.runStatus}>
            <Spinner size={14} /> <Trans>Sending the request…</Trans>
          </p>
        ) : null}
        {taskId ? (
          <p className={styles.runStatus} data-tone="success">
            <Trans>
              Task created, with the <code>taskId</code> <code className={styles.taskId}>{taskId}</code>. Next: check it in step 4.
            </Trans>
          </p>
        ) : null}
        {phase === 'requestFailed' ? <RequestFailure actor={actor} cost={cost} /> : null}
      </div>
      {created ? <AnswerJson label={t`Answer of the request`} caption={<Trans>What the API answered:</Trans>} value={created} /> : null}
    </div>
  );
}

function CheckFailure({ actor }: { actor: QuickStartActor }) {
  const { t } = useLingui();
  const error = useSelector(actor, select.error);
  const code = useSelector(actor, select.errorCode);
  const kind = useSelector(actor, select.errorKind);
  const reason = error ?? t`No reason was given.`;
  const title =
    code === SESSION_EXPIRED_CODE
      ? t`The API did not accept your key (401)`
      : code === UNKNOWN_TASK_CODE
        ? t`The API does not know this task (404)`
        : isUnreachable(kind)
          ? t`Could not reach the API`
          : t`Could not read the task`;
  return (
    <Outcome tone="danger" title={title}>
      <p>{reason}</p>
      {code === SESSION_EXPIRED_CODE ? <KeyAdvice /> : null}
      <p>
        <Trans>
          The task may still finish: it appears in <Link href="/recent-history">your history</Link>, charged only if it succeeds. Check it again when
          you are ready.
        </Trans>
      </p>
    </Outcome>
  );
}

function TaskFailure({ actor, headingRef }: { actor: QuickStartActor; headingRef: Ref<HTMLHeadingElement> }) {
  const { t } = useLingui();
  const error = useSelector(actor, select.error);
  const lastCheck = useSelector(actor, select.lastCheck);
  const flag = lastCheck?.code === 200 ? lastCheck.data.successFlag : 3;
  const reason = error ?? t`No reason was given.`;
  return (
    <Outcome
      tone="danger"
      title={flag === 2 ? t`The task could not start (successFlag 2)` : t`The model could not make the image (successFlag 3)`}
      headingRef={headingRef}
    >
      <p>
        <Trans>
          <code>errorMessage</code>: {reason}
        </Trans>
      </p>
      <p>
        <Trans>Nothing was charged: a failed task costs no credits. To try again, send the request again in step 3.</Trans>
      </p>
    </Outcome>
  );
}

function Images({ urls, prompt }: { urls: readonly string[]; prompt: string }) {
  const { t } = useLingui();
  return (
    <ul className={styles.images}>
      {urls.map((url, index) => {
        const number = index + 1;
        return (
          <li key={url}>
            <a href={url} target="_blank" rel="noopener noreferrer" className={styles.imageLink}>
              <img src={url} alt={t`Image ${number} for: ${prompt}`} className={styles.image} width={256} height={256} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

interface CheckTaskPanelProps {
  actor: QuickStartActor;
  cost: number;
  /** The prompt of the sample request: the images' text alternative. */
  prompt: string;
}

/**
 * Step 4's run: read the task's record when the user asks, then again on its own (a little later each time) until
 * successFlag is no longer 0, showing each answer and, at the end, the images or why there are none.
 */
export function CheckTaskPanel({ actor, cost, prompt }: CheckTaskPanelProps) {
  const { t, i18n } = useLingui();
  const credits = creditsText(cost);
  const phase = useQuickStartPhase(actor);
  const taskId = useSelector(actor, select.taskId);
  const lastCheck = useSelector(actor, select.lastCheck);
  const { checks, rateLimited, nextCheckMs } = useQuickStartChecks(actor);
  const watching = useSelector(actor, select.watching);
  const ended = useSelector(actor, select.taskEnded);
  const checkButtonId = useId();
  const outcomeHeading = useRef<HTMLHeadingElement>(null);

  // When watching stops, "Stop checking" (and, once the task ended, the check button) goes away: focus that
  // went down with them moves to the check button if it is still there, or else to what happened.
  useEffect(() => {
    if (watching) return;
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) return;
    (ended ? outcomeHeading.current : document.getElementById(checkButtonId))?.focus();
  }, [watching, ended, checkButtonId]);

  if (!taskId) {
    return (
      <p className={styles.hint}>
        <Trans>
          Once the request of step 3 is sent, its <code>taskId</code> fills in here and you can check the task from this page.
        </Trans>
      </p>
    );
  }

  const showCheck = phase === 'created' || phase === 'checking' || phase === 'running' || phase === 'checkFailed' || phase === 'timedOut';
  const label =
    phase === 'checking'
      ? t`Checking…`
      : phase === 'running'
        ? t`Check now`
        : phase === 'checkFailed'
          ? t`Check again`
          : phase === 'timedOut'
            ? t`Keep checking`
            : t`Check the task`;
  const seconds = i18n.number(Math.round(nextCheckMs / 100) / 10);
  // Checks after the first come on their own: the status keeps saying "still generating" meanwhile, so the live
  // region speaks when the task's state changes, not at every check.
  const stillGenerating = phase === 'running' || (phase === 'checking' && checks > 0);
  const urls = lastCheck?.code === 200 ? taskImageUrls(lastCheck.data.response) : [];

  return (
    <div className={styles.run}>
      {showCheck ? (
        <div className={styles.runActions}>
          <Button
            id={checkButtonId}
            variant={phase === 'created' ? 'primary' : 'secondary'}
            busy={phase === 'checking'}
            onClick={() => actor.send({ type: 'CHECK' })}
          >
            {label}
          </Button>
          {watching ? (
            <Button
              variant="ghost"
              onClick={() => {
                actor.send({ type: 'STOP' });
                document.getElementById(checkButtonId)?.focus();
              }}
            >
              <Trans>Stop checking</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      <div role="status" className={styles.live}>
        {phase === 'checking' && !stillGenerating ? (
          <p className={styles.runStatus}>
            <Spinner size={14} /> <Trans>Checking the task…</Trans>
          </p>
        ) : null}
        {stillGenerating ? (
          <div className={styles.progress}>
            <SweepBar className={styles.progressBar} />
            <p className={styles.runStatus}>
              <Trans>
                <code>successFlag</code> is 0: still generating.
              </Trans>
            </p>
          </div>
        ) : null}
        {phase === 'finished' ? (
          <Outcome
            tone="success"
            headingRef={outcomeHeading}
            title={
              <Trans>
                <code>successFlag</code> is 1: the task succeeded
              </Trans>
            }
          >
            <p>
              <Trans>
                The image is in <code>response.resultImageUrl</code>, shown below. Charged: {credits}. Every task is also kept in{' '}
                <Link href="/recent-history">your history</Link>.
              </Trans>
            </p>
          </Outcome>
        ) : null}
        {phase === 'taskFailed' ? <TaskFailure actor={actor} headingRef={outcomeHeading} /> : null}
        {phase === 'checkFailed' ? <CheckFailure actor={actor} /> : null}
        {phase === 'timedOut' ? (
          <Outcome tone="warning" title={t`Still generating after ${limitMinutes} minutes`}>
            <p>
              <Trans>
                The task is taking longer than usual. Keep checking, or find it later in <Link href="/recent-history">your history</Link>.
              </Trans>
            </p>
          </Outcome>
        ) : null}
      </div>
      {/* Outside the live region: read when the reader looks, not announced at every check. */}
      {stillGenerating ? (
        <p className={styles.hint}>
          {t`Checks so far: ${checks}.`} {phase === 'running' ? t`The next one is in about ${seconds} s.` : null}
        </p>
      ) : null}
      {rateLimited ? <p className={styles.hint}>{t`The API asked to slow down (429): the next check waits longer.`}</p> : null}
      {phase === 'finished' && urls.length > 0 ? <Images urls={urls} prompt={prompt} /> : null}
      {lastCheck ? (
        <AnswerJson label={t`Answer of the task check`} caption={<Trans>What the API answered to the last check:</Trans>} value={lastCheck} />
      ) : null}
    </div>
  );
}

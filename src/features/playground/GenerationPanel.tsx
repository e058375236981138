import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { I18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { GENERATION_TIME_LIMIT_MINUTES, type GenerationActor } from '../../actors/generation';
import { TASK_CODES } from '../../api/contract';
import { modelName, modelSpec } from '../../domain/generationOptions';
import { Button, buttonClasses } from '../../ui/Button';
import { SweepBar } from '../../ui/SweepBar';
import { secondsBetween } from '../../ui/formatDate';
import { draftCost } from '../../domain/generationDraft';
import { generationSelectors } from '../../actors/generation';
import { ResultImageCard } from '../../ui/ResultImageCard';
import { Outcome } from './Outcome';
import styles from './Playground.module.css';

/** A number of seconds in the reader's language ("3s", "3 с", "3秒"): the unit is Intl's, not a catalogue's. */
function durationText(i18n: I18n, seconds: number): string {
  return i18n.number(seconds, { style: 'unit', unit: 'second', unitDisplay: 'narrow' });
}

/** Whole seconds since `since`, ticking while shown (a clock, not a flow: the machine owns the flow). */
function useElapsedSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/** A run under way: a sweeping bar, what is happening, more about it, and Cancel. */
function Working({ actor, title, children }: { actor: GenerationActor; title: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.progress} role="status">
      <SweepBar />
      <p className={styles.progressTitle}>{title}</p>
      {children}
      <Button onClick={() => actor.send({ type: 'CANCEL' })}>
        <Trans>Cancel</Trans>
      </Button>
    </div>
  );
}

function Progress({ actor }: { actor: GenerationActor }) {
  const { i18n } = useLingui();
  const phase = useSelector(actor, generationSelectors.phase);
  const taskId = useSelector(actor, generationSelectors.taskId);
  const since = useSelector(actor, generationSelectors.watchingSince);
  const submitted = useSelector(actor, generationSelectors.submitted);
  const seconds = useElapsedSeconds(phase === 'polling' ? since : null);
  const count = submitted?.numImages ?? 1;
  return (
    <Working
      actor={actor}
      title={
        phase === 'creating' ? (
          <Trans>Sending the task…</Trans>
        ) : (
          <>
            {/* The clock is for the eye: inside the live region it would be read out every second. */}
            <Plural value={count} one="Generating # image…" other="Generating # images…" />{' '}
            <span className={styles.elapsed} aria-hidden="true">
              {durationText(i18n, seconds)}
            </span>
          </>
        )
      }
    >
      {taskId ? (
        <p className={styles.muted}>
          <Trans>
            Task <code>{taskId}</code>. Usually ready in 5 to 20 seconds; you can keep editing the form meanwhile.
          </Trans>
        </p>
      ) : null}
    </Working>
  );
}

/** The create call's answer was lost: the page looks in the history before it offers to send the request again. */
function CheckingWhetherCreated({ actor }: { actor: GenerationActor }) {
  return (
    <Working actor={actor} title={<Trans>The server’s answer was lost on the way. Looking for the task in your history…</Trans>}>
      <p className={styles.muted}>
        <Trans>If the request reached the server, its task is already running: it is picked up here instead of being sent (and charged) twice.</Trans>
      </p>
    </Working>
  );
}

/** The history holds no task from the request whose answer was lost: most likely it never arrived. */
function TaskNotCreated({ actor }: { actor: GenerationActor }) {
  // What the create call failed with (the connection, the time limit), as the API client worded it.
  const reason = useSelector(actor, (s) => generationSelectors.failure(s).error);
  return (
    <Outcome title={<Trans>The task was not created</Trans>} tone="danger" alert>
      {reason ? <p>{reason}</p> : null}
      <p>
        <Trans>Your history shows no task from this request, so it most likely never reached the server and nothing was charged.</Trans>
      </p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => actor.send({ type: 'RETRY' })}>
          <Trans>Try again</Trans>
        </Button>
      </div>
      <p className={styles.muted}>
        <Trans>Try again sends the same request. Or change the form and press Generate.</Trans>
      </p>
    </Outcome>
  );
}

/** Neither the create call's answer nor the history could be read: whether the task exists is not known. */
function TaskCreationUnknown({ actor }: { actor: GenerationActor }) {
  const { t } = useLingui();
  const failure = useSelector(actor, generationSelectors.failure, (a, b) => a.error === b.error && a.code === b.code);
  const reason = failure.error || t`No reason was given.`;
  return (
    <Outcome title={<Trans>Could not tell whether the task was created</Trans>} tone="warning" alert>
      <p>
        <Trans>The server’s answer to the request was lost, and your history could not be read to find its task: {reason}</Trans>
      </p>
      <p>
        <Trans>Check again before sending the request again: if the task was created, it is running and is charged once.</Trans>
      </p>
      <CheckAgainOrOpenHistory actor={actor} label={<Trans>Check again</Trans>} />
    </Outcome>
  );
}

/** Waiting on a task whose fate is not known yet: look again, or find it later in the history. */
function CheckAgainOrOpenHistory({ actor, label }: { actor: GenerationActor; label: ReactNode }) {
  return (
    <div className={styles.actions}>
      <Button variant="primary" onClick={() => actor.send({ type: 'CHECK_AGAIN' })}>
        {label}
      </Button>
      <Link href="/recent-history" className={buttonClasses()}>
        <Trans>Open history</Trans>
      </Link>
    </div>
  );
}

/** A refusal for the prompt's content comes as 400 with words saying so; the docs' own wording is "flagged". */
const CONTENT_POLICY = /flagged|content polic|content filter|sensitive|nsfw|safety/i;

/** What a code from the task API means for the user, and what to do next. */
function NextStep({ code, reason }: { code: number | string | null; reason: string }) {
  const { t } = useLingui();
  if (code === TASK_CODES.parameterError && CONTENT_POLICY.test(reason)) {
    return (
      <p>
        <Trans>The prompt or a reference image was flagged by the content policy. Rephrase it and try again; nothing was charged.</Trans>
      </p>
    );
  }
  switch (code) {
    case TASK_CODES.parameterError:
      return (
        <p>
          <Trans>The API refused a value of the request. Change the form and try again; nothing was charged.</Trans>
        </p>
      );
    case TASK_CODES.unauthorized:
      // The task API answers 401 for a key it does not know (deleted or reset elsewhere).
      return (
        <p>
          <Trans>The API did not accept your key. Nothing was charged.</Trans> <Link href="/dashboard/api-keys">{t`Check your API keys`}</Link>
        </p>
      );
    case TASK_CODES.insufficientCredits:
      return (
        <p>
          <Trans>Your credits do not cover this task. Nothing was charged.</Trans> <Link href="/dashboard/billing">{t`Buy credits`}</Link>
        </p>
      );
    case TASK_CODES.taskNotFound:
      return (
        <p>
          <Trans>The API does not know this task: it may belong to another key. Check your history, or generate again.</Trans>
        </p>
      );
    case TASK_CODES.rateLimited:
      return (
        <p>
          <Trans>Too many requests in a short time. Wait a minute, then press Generate again.</Trans>
        </p>
      );
    case TASK_CODES.serverError:
      return (
        <p>
          <Trans>The API had a problem of its own. Try again in a moment; if it keeps happening, tell us on Discord.</Trans>
        </p>
      );
    case TASK_CODES.generationFailed:
      return (
        <p>
          <Trans>The model could not make the image. Try again, or change the prompt a little.</Trans>
        </p>
      );
    default:
      return (
        <p>
          <Trans>Nothing was charged.</Trans>
        </p>
      );
  }
}

function Failure({ actor }: { actor: GenerationActor }) {
  const { t } = useLingui();
  const failure = useSelector(actor, generationSelectors.failure, (a, b) => a.kind === b.kind && a.error === b.error && a.code === b.code);
  const submitted = useSelector(actor, generationSelectors.submitted);
  const taskId = useSelector(actor, generationSelectors.taskId);
  const cost = submitted ? draftCost(submitted) : 0;
  const reason = failure.error || t`No reason was given.`;
  const code = failure.code === 0 ? null : failure.code;
  return (
    <div className={styles.outcome} role="alert" data-tone="danger">
      {failure.kind === 'generation' ? (
        <>
          <h2 className={styles.outcomeTitle}>
            <Trans>The model could not make these images</Trans>
          </h2>
          <p>{code !== null ? t`${reason} (code ${code})` : reason}</p>
          <NextStep code={code ?? TASK_CODES.generationFailed} reason={reason} />
          <p>
            <Plural value={cost} one="Nothing was charged: # credit was refunded." other="Nothing was charged: # credits were refunded." />
          </p>
        </>
      ) : failure.kind === 'polling' ? (
        <>
          <h2 className={styles.outcomeTitle}>
            <Trans>Lost track of the task</Trans>
          </h2>
          <p>{t`Its progress could not be read: ${reason}`}</p>
          {code === TASK_CODES.unauthorized || code === TASK_CODES.taskNotFound ? <NextStep code={code} reason={reason} /> : null}
          <p>
            <Trans>
              The task {taskId} may still finish: it will appear in <Link href="/recent-history">your history</Link>, charged only if it succeeds.
            </Trans>
          </p>
        </>
      ) : (
        <>
          <h2 className={styles.outcomeTitle}>
            <Trans>The task was not created</Trans>
          </h2>
          <p>{reason}</p>
          <NextStep code={code} reason={reason} />
        </>
      )}
      <p className={styles.muted}>
        <Trans>Change the form if you like, then press Generate to try again.</Trans>
      </p>
    </div>
  );
}

function Results({ actor }: { actor: GenerationActor }) {
  const { t, i18n } = useLingui();
  const result = useSelector(actor, generationSelectors.result);
  const submitted = useSelector(actor, generationSelectors.submitted);
  const reviewing = useSelector(actor, (s) => generationSelectors.phase(s) === 'reviewing');
  if (!result || !submitted) return null;
  const seconds = result.completeTime ? secondsBetween(result.createTime, result.completeTime) : null;
  const model = modelName(submitted.model);
  const spec = modelSpec(submitted.model);
  const cost = draftCost(submitted);
  return (
    <section className={styles.results} aria-labelledby="results-title">
      <div className={styles.resultsHeader}>
        <h2 id="results-title" className={styles.outcomeTitle}>
          <Plural value={result.imageUrls.length} one="# image ready" other="# images ready" />
        </h2>
        <p className={styles.muted}>
          {model} · {submitted.aspectRatio === 'auto' ? t`Auto` : submitted.aspectRatio}
          {spec.resolutions.length > 0 ? ` · ${submitted.resolution}` : null} · <Plural value={cost} one="# credit" other="# credits" />
          {seconds !== null ? ` · ${durationText(i18n, seconds)}` : null}
        </p>
      </div>
      {reviewing ? (
        <p className={styles.muted}>
          <Trans>An earlier result of this visit, shown again. The form keeps what you are editing.</Trans>
        </p>
      ) : null}
      {result.imageUrls.length === 0 ? (
        <p>
          <Trans>The task finished but returned no images. Its record is in your history; press Generate to try again.</Trans>
        </p>
      ) : null}
      <ul className={styles.grid} data-count={result.imageUrls.length}>
        {result.imageUrls.map((url, index) => (
          <li key={url}>
            <ResultImageCard url={url} index={index} taskId={result.taskId} prompt={submitted.prompt} aspectRatio={submitted.aspectRatio} />
          </li>
        ))}
      </ul>
      <p className={styles.muted}>
        <Trans>
          Result links expire on most hosts: every generation is also kept in <Link href="/recent-history">your history</Link>.
        </Trans>
      </p>
    </section>
  );
}

/** The right-hand side of the playground: what the generation is doing, or what it made. */
const limitMinutes = GENERATION_TIME_LIMIT_MINUTES;

/** Brought into view without motion for a visitor who asked for less. */
function scrollBehavior(): ScrollBehavior {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Whether the element is wholly on screen below its scroll margin (the sticky header's room). */
function wholeInView(element: HTMLElement): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  const headerRoom = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  return top >= headerRoom && bottom <= window.innerHeight;
}

export function GenerationPanel({ actor }: { actor: GenerationActor }) {
  const panel = useRef<HTMLDivElement>(null);
  const running = useSelector(actor, generationSelectors.running);
  // The result on show (a run's, or one picked from the strip): each new one is brought wholly into view.
  const shownResult = useSelector(actor, (s) => {
    const phase = generationSelectors.phase(s);
    return phase === 'succeeded' || phase === 'reviewing' ? (generationSelectors.result(s)?.taskId ?? null) : null;
  });
  // On a narrow screen the panel sits under the form: a run that starts out of sight is brought into view.
  useEffect(() => {
    const element = panel.current;
    if (!running || !element) return;
    if (wholeInView(element)) return;
    // Its top, under the header: the panel grows downward as the run goes on (the task id, then the results).
    element.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, [running]);
  // The heading and the whole picture below the sticky header (the images are capped to fit the screen).
  useEffect(() => {
    const element = panel.current;
    if (shownResult === null || !element || wholeInView(element)) return;
    element.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, [shownResult]);
  return (
    <div ref={panel} className={styles.panel}>
      <RunAnnouncer actor={actor} />
      <PanelContent actor={actor} />
    </div>
  );
}

/**
 * Says how a run ended to screen readers. A live region speaks only when its text changes, so it is always
 * there; the outcome panels replace the progress panel and would go unheard. Failures are alerts of their own.
 */
function RunAnnouncer({ actor }: { actor: GenerationActor }) {
  const { t } = useLingui();
  const phase = useSelector(actor, generationSelectors.phase);
  const images = useSelector(actor, (s) => generationSelectors.result(s)?.imageUrls.length ?? 0);
  const text =
    phase === 'succeeded'
      ? plural(images, { one: '# image ready', other: '# images ready' })
      : phase === 'cancelled'
        ? t`Cancelled`
        : phase === 'timedOut'
          ? t`Still generating after ${limitMinutes} minutes`
          : '';
  return (
    <p role="status" className="visually-hidden">
      {text}
    </p>
  );
}

function PanelContent({ actor }: { actor: GenerationActor }) {
  const phase = useSelector(actor, generationSelectors.phase);
  const taskId = useSelector(actor, generationSelectors.taskId);
  switch (phase) {
    case 'creating':
    case 'polling':
      return <Progress actor={actor} />;
    case 'checkingWhetherTaskWasCreated':
      return <CheckingWhetherCreated actor={actor} />;
    case 'taskNotCreated':
      return <TaskNotCreated actor={actor} />;
    case 'taskCreationUnknown':
      return <TaskCreationUnknown actor={actor} />;
    case 'succeeded':
    case 'reviewing':
      return <Results actor={actor} />;
    case 'failed':
      return <Failure actor={actor} />;
    case 'cancelled':
      return (
        <Outcome title={<Trans>Cancelled</Trans>}>
          {taskId ? (
            <p>
              <Trans>
                The task {taskId} was already sent, so it may still finish. If it does, it appears in <Link href="/recent-history">your history</Link>{' '}
                and is charged then.
              </Trans>
            </p>
          ) : (
            // The API has no cancel call: a request already on its way may have created the task.
            <p>
              <Trans>
                Cancelled before the server confirmed the task. If the request had already reached it, the task still runs: it appears in{' '}
                <Link href="/recent-history">your history</Link> and is charged only if it succeeds.
              </Trans>
            </p>
          )}
        </Outcome>
      );
    case 'timedOut':
      return (
        <Outcome title={<Trans>Still generating after {limitMinutes} minutes</Trans>} tone="warning">
          <p>
            <Trans>The task {taskId} is taking longer than usual. Keep waiting, or find it later in your history.</Trans>
          </p>
          <CheckAgainOrOpenHistory actor={actor} label={<Trans>Keep waiting</Trans>} />
        </Outcome>
      );
    case 'missingApiKey':
      return (
        <Outcome title={<Trans>Create an API key first</Trans>} tone="warning" alert>
          <p>
            <Trans>The playground calls the API with your key, just as your code will.</Trans>
          </p>
          <Link href="/dashboard/api-keys" className={buttonClasses()}>
            <Trans>Create a key</Trans>
          </Link>
        </Outcome>
      );
    case 'insufficientCredits':
      return (
        <Outcome title={<Trans>Not enough credits</Trans>} tone="warning" alert>
          <p>
            <Trans>Buy credits, or ask for fewer images or a cheaper model.</Trans>
          </p>
          <Link href="/dashboard/billing" className={buttonClasses()}>
            <Trans>Buy credits</Trans>
          </Link>
        </Outcome>
      );
    case 'invalid':
      return (
        <Outcome title={<Trans>Check the form</Trans>} tone="warning" alert>
          <p>
            <Trans>Some fields need a change before the task can be sent; each one says why.</Trans>
          </p>
        </Outcome>
      );
    case 'editing':
      return (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>
            <Trans>Your images will appear here</Trans>
          </p>
          <p className={styles.muted}>
            <Trans>Describe an image, pick a model and a shape, and press Generate. Each model shows only the settings its endpoint takes.</Trans>
          </p>
        </div>
      );
  }
}

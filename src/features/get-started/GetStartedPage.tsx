import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { PageHeader } from '../../ui/PageHeader';
import { Button, buttonClasses } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { maskKey } from '../../ui/maskKey';
import { useLocalActor } from '../../actors/useLocalActor';
import { GENERATION_TIME_LIMIT_MINUTES, createQuickStartLogic } from '../../actors/quickStart';
import { FREE_SIGN_UP_CREDITS } from '../../domain/creditPackages';
import { GENERATION_MODELS, MODELS, creditsPerImage, lowestCreditsPerImage, modelName as modelName_ } from '../../domain/generationOptions';
import { curlGenerate, curlTaskStatus, javascriptGenerate, pythonGenerate } from '../../domain/snippets';
import { CodeSample, codeVariant, type CodeVariant } from '../../ui/CodeSample';
import { quickStartSelectors } from '../../actors/quickStart';
import { KEY_PLACEHOLDER, SAMPLE_CALL, SAMPLE_COST, SAMPLE_DRAFT, TASK_ID_PLACEHOLDER, isDemoMode, snippetTarget } from '../../domain/sampleCall';
import { balanceText } from '../../ui/balance';
import { creditsText, modelPriceList } from '../../ui/credits';
import { useGenerationApiBaseUrl } from '../../ui/useHydrated';
import { LineIcon } from '../../ui/LineIcon';
import styles from './GetStartedPage.module.css';
import { javascriptTaskStatus } from './pollSnippet';
import { CheckTaskPanel, SendRequestPanel } from './FirstCall';

/** How long the playground watches a task: the advice here is the same. */
const limitMinutes = GENERATION_TIME_LIMIT_MINUTES;

type StepState = 'done' | 'current' | 'upcoming';

const CREATE_RESPONSE = `{
  "code": 200,
  "msg": "success",
  "data": { "taskId": "4f9c2e7a0b1d4c6e0a9b8c7d6e5f4a3b" }
}`;

const STATUS_RESPONSE = `{
  "code": 200,
  "msg": "success",
  "data": {
    "taskId": "4f9c2e7a0b1d4c6e0a9b8c7d6e5f4a3b",
    "paramJson": "{\\"prompt\\":\\"…\\"}",
    "successFlag": 1,
    "response": {
      "resultImageUrl": "https://…/result.png",
      "originImageUrl": "https://…/original.png"
    },
    "errorCode": 0,
    "errorMessage": "",
    "createTime": "2026-11-24 10:15:02",
    "completeTime": "2026-11-24 10:15:09"
  }
}`;

function StepMarker({ state, number }: { state: StepState; number: number }) {
  return (
    <span className={`${styles.marker} ${styles[state]}`} aria-hidden="true">
      {state === 'done' ? (
        <LineIcon size={16} strokeWidth={3}>
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </LineIcon>
      ) : (
        number
      )}
    </span>
  );
}

function StepStatus({ state }: { state: StepState }) {
  return (
    <span className={`${styles.status} ${styles[`status_${state}`]}`}>
      {state === 'done' ? <Trans>Done</Trans> : state === 'current' ? <Trans>Next</Trans> : <Trans>To do</Trans>}
    </span>
  );
}

function Step({ number, state, title, children }: { number: number; state: StepState; title: ReactNode; children: ReactNode }) {
  const headingId = `step-${number}-title`;
  return (
    <li
      className={`${styles.step} ${state === 'current' ? styles.stepCurrent : ''}`}
      aria-current={state === 'current' ? 'step' : undefined}
      data-state={state}
    >
      <StepMarker state={state} number={number} />
      <div className={styles.stepBody}>
        <div className={styles.stepHeader}>
          <h2 id={headingId} className={styles.stepTitle}>
            <span className="visually-hidden">
              <Trans>Step {number}:</Trans>{' '}
            </span>
            {title}
          </h2>
          <StepStatus state={state} />
        </div>
        {children}
      </div>
    </li>
  );
}

interface NextLink {
  href: string;
  title: ReactNode;
  text: ReactNode;
}

export default function GetStartedPage() {
  const user = useGlobalSelector('user', userSelectors.user);
  const apiKey = user?.apiKey ?? '';
  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={<Trans>Quick start</Trans>}
        title={<Trans>Your first image in five steps</Trans>}
        lead={
          <Trans>
            Sign in, get a key, create a generation task with one HTTP call, then poll it until the images are ready. Each step shows where you are.
          </Trans>
        }
      />
      {/* A new key (another account, a reset key, signed out) starts the first call over. */}
      <Steps key={apiKey} apiKey={apiKey} />
    </div>
  );
}

function Steps({ apiKey }: { apiKey: string }) {
  const { t, i18n } = useLingui();
  const modal = useGlobalActor('loginModal');
  const userActor = useGlobalActor('user');
  const user = useGlobalSelector('user', userSelectors.user);
  const resolving = useGlobalSelector('user', userSelectors.isResolving);
  const keyState = useGlobalSelector('user', userSelectors.apiKeyState);
  // The first call's flow, sent with the key this page was rendered for.
  const [logic] = useState(() => createQuickStartLogic({ user: userActor, request: SAMPLE_CALL }));
  const actor = useLocalActor(logic, { input: { apiKey } });
  const hasTask = useSelector(actor, quickStartSelectors.hasTask);
  const taskEnded = useSelector(actor, quickStartSelectors.taskEnded);
  const taskId = useSelector(actor, quickStartSelectors.taskId);
  const checked = useSelector(actor, quickStartSelectors.checked);

  const signedIn = user !== null;
  const hasKey = apiKey !== '';
  const shownKey = hasKey ? maskKey(apiKey) : KEY_PLACEHOLDER;
  const realKey = hasKey ? apiKey : KEY_PLACEHOLDER;
  const shownTaskId = taskId ?? TASK_ID_PLACEHOLDER;
  const baseUrl = useGenerationApiBaseUrl();

  // Done steps come from the session and the first call; the first one not done is the one to do next.
  const doneSteps = [signedIn, hasKey, hasKey && hasTask, hasKey && taskEnded];
  const firstOpen = doneSteps.findIndex((done) => !done);
  const current = firstOpen === -1 ? 5 : firstOpen + 1;
  const stateOf = (step: number): StepState => (step <= doneSteps.length && doneSteps[step - 1] ? 'done' : step === current ? 'current' : 'upcoming');

  const keys = { shown: shownKey, real: realKey };
  const generateVariants: CodeVariant[] = [
    codeVariant('curl', 'curl', (key) => curlGenerate(SAMPLE_CALL, snippetTarget(baseUrl, key)), keys),
    codeVariant('javascript', 'JavaScript', (key) => javascriptGenerate(SAMPLE_CALL, snippetTarget(baseUrl, key)), keys),
    codeVariant('python', 'Python', (key) => pythonGenerate(SAMPLE_CALL, snippetTarget(baseUrl, key)), keys),
  ];
  const statusVariants: CodeVariant[] = [
    codeVariant('curl', 'curl', (key) => curlTaskStatus(shownTaskId, snippetTarget(baseUrl, key)), keys),
    codeVariant('javascript', 'JavaScript', (key) => javascriptTaskStatus(shownTaskId, snippetTarget(baseUrl, key)), keys),
  ];

  const cost = SAMPLE_COST;
  const modelName = modelName_(SAMPLE_DRAFT.model);
  const balance = balanceText(i18n, user?.credits);
  const freeCredits = i18n.number(FREE_SIGN_UP_CREDITS);
  const prices = modelPriceList(
    i18n,
    GENERATION_MODELS.map((model) => ({ name: MODELS[model].name, price: creditsText(lowestCreditsPerImage(model)) })),
  );
  const fourK = modelPriceList(
    i18n,
    GENERATION_MODELS.filter((model) => MODELS[model].resolutions.includes('4K')).map((model) => ({
      name: MODELS[model].name,
      price: creditsText(creditsPerImage(model, '4K')),
    })),
  );

  const nextLinks: NextLink[] = [
    {
      href: '/playground/flux',
      title: <Trans>Playground</Trans>,
      text: <Trans>Try every model, aspect ratio and reference image, then copy the call.</Trans>,
    },
    { href: '/recent-history', title: <Trans>History</Trans>, text: <Trans>Every task with its status, parameters, cost and images.</Trans> },
    { href: '/dashboard', title: <Trans>Usage</Trans>, text: <Trans>Credits spent per day and per key, and your balance.</Trans> },
    { href: '/dashboard/billing', title: <Trans>Billing</Trans>, text: <Trans>Buy credits, set up auto top-up and get invoices.</Trans> },
    { href: '/dashboard/api-keys', title: <Trans>API keys</Trans>, text: <Trans>One key per app or environment, and an IP allow-list.</Trans> },
    {
      href: '/join-discord',
      title: <Trans>Discord community</Trans>,
      text: <Trans>Ask questions, share results and hear about new models first.</Trans>,
    },
  ];

  return (
    <ol className={styles.steps}>
      <Step number={1} state={stateOf(1)} title={<Trans>Sign in</Trans>}>
        {user ? (
          <p className={styles.text}>
            <Trans>
              Signed in as <strong>{user.email}</strong>.
            </Trans>{' '}
            <Link href="/dashboard/billing">
              <Trans>Balance: {balance} credits.</Trans>
            </Link>
          </p>
        ) : resolving ? (
          <p className={styles.text} role="status">
            <Spinner size={14} /> <Trans>Checking your session…</Trans>
          </p>
        ) : (
          <>
            <p className={styles.text}>
              <Trans>Create a free account with Google, Microsoft or your e-mail. New accounts get {freeCredits} free credits, no card needed.</Trans>
            </p>
            <div className={styles.actions}>
              <Button variant="primary" onClick={() => modal.send({ type: 'OPEN', view: 'signUp' })}>
                <Trans>Create a free account</Trans>
              </Button>
              <Button onClick={() => modal.send({ type: 'OPEN', view: 'signIn' })}>
                <Trans>Sign in</Trans>
              </Button>
            </div>
          </>
        )}
      </Step>

      <Step number={2} state={stateOf(2)} title={<Trans>Create an API key</Trans>}>
        {hasKey ? (
          <>
            <p className={styles.text}>
              <Trans>
                Your primary key is ready: <code className={styles.key}>{shownKey}</code>
              </Trans>
            </p>
            <p className={styles.text}>
              <Link href="/dashboard/api-keys" className={styles.inlineLink}>
                <Trans>Manage your keys</Trans>
              </Link>{' '}
              <span className={styles.muted}>
                <Trans>(create one per app, restrict them to your servers' IP addresses)</Trans>
              </span>
            </p>
          </>
        ) : keyState === 'loading' ? (
          <p className={styles.text} role="status">
            <Spinner size={14} /> <Trans>Loading your API key…</Trans>
          </p>
        ) : keyState === 'unavailable' ? (
          <div role="alert">
            <p className={styles.text}>
              <Trans>Your API key could not be loaded. Check your connection and try again.</Trans>
            </p>
            <div className={styles.actions}>
              <Button onClick={() => userActor.send({ type: 'REFRESH' })}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          </div>
        ) : signedIn ? (
          <>
            <p className={styles.text}>
              <Trans>Your account has no key yet. Create one, then come back here: the commands below fill it in.</Trans>
            </p>
            <div className={styles.actions}>
              <Link href="/dashboard/api-keys" className={buttonClasses('primary')}>
                <Trans>Create a key</Trans>
              </Link>
            </div>
          </>
        ) : (
          <p className={styles.text}>
            <Trans>
              Every account gets a primary key. You manage keys on the <Link href="/dashboard/api-keys">API keys</Link> page once you are signed in.
            </Trans>
          </p>
        )}
      </Step>

      <Step number={3} state={stateOf(3)} title={<Trans>Make your first call</Trans>}>
        <p className={styles.text}>
          <Trans>
            Send the prompt with your key as a Bearer token. The call answers at once with a <code>taskId</code>; the image is made in the background.
          </Trans>{' '}
          <Trans>
            This one asks for one {modelName} image: {cost} credits, charged only if it succeeds.
          </Trans>
        </p>
        <CodeSample
          label={t`Create a generation task`}
          variants={generateVariants}
          copiesRealKey={hasKey}
          demoNoteText={
            hasKey && isDemoMode ? (
              <Trans>
                Demo mode: the API runs inside this browser tab, so this command gets no answer from a terminal. Send it from here with the button
                below: it is the same call.
              </Trans>
            ) : undefined
          }
        />
        {hasKey ? (
          <SendRequestPanel actor={actor} cost={cost} />
        ) : signedIn ? (
          <p className={styles.hint}>
            <Trans>Create a key in step 2 to send this request from here.</Trans>
          </p>
        ) : (
          <p className={styles.hint}>
            <Trans>
              Replace <code>{KEY_PLACEHOLDER}</code> with your key, or sign in to have it filled in.
            </Trans>
          </p>
        )}
        {!hasTask ? (
          <details className={styles.response}>
            <summary>
              <Trans>What the answer looks like</Trans>
            </summary>
            <pre className={styles.plainCode} tabIndex={0} role="group" aria-label={t`Example answer`}>
              <code>{CREATE_RESPONSE}</code>
            </pre>
          </details>
        ) : null}
      </Step>

      <Step number={4} state={stateOf(4)} title={<Trans>Poll the task</Trans>}>
        <p className={styles.text}>
          <Trans>
            Ask for the task's record with the <code>taskId</code> from step 3 until <code>successFlag</code> is no longer 0.
          </Trans>
        </p>
        <CodeSample label={t`Read a task's status`} variants={statusVariants} copiesRealKey={hasKey} demoNote={false} />
        {hasKey ? <CheckTaskPanel actor={actor} cost={cost} prompt={SAMPLE_DRAFT.prompt} /> : null}
        <dl className={styles.flags}>
          <div>
            <dt>
              <code>0</code> <Trans>generating</Trans>
            </dt>
            <dd>
              <Trans>Still working: wait, then ask again.</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <code>1</code> <Trans>success</Trans>
            </dt>
            <dd>
              <Trans>
                The image is in <code>response.resultImageUrl</code>, on the platform's host; <code>originImageUrl</code> is the model vendor's copy
                and expires in about 10 minutes. Download what you keep.
              </Trans>
            </dd>
          </div>
          <div>
            <dt>
              <code>2</code> <Trans>create failed</Trans>
            </dt>
            <dd>
              <Trans>The task never started. Nothing is charged.</Trans>
            </dd>
          </div>
          <div>
            <dt>
              <code>3</code> <Trans>generation failed</Trans>
            </dt>
            <dd>
              <Trans>
                The model could not make the image; <code>errorMessage</code> says why. Credits are refunded.
              </Trans>
            </dd>
          </div>
        </dl>
        <p className={styles.text}>
          <Trans>
            Back off between polls: wait about 2 seconds before the first, make each wait about 1.5 times longer (up to 10 seconds), and give up after
            about {limitMinutes} minutes. The JavaScript example in step 3 polls this way. To skip polling, pass a <code>callBackUrl</code> and have
            the result sent to your server.
          </Trans>
        </p>
        {!checked ? (
          <details className={styles.response}>
            <summary>
              <Trans>What a finished task looks like</Trans>
            </summary>
            <pre className={styles.plainCode} tabIndex={0} role="group" aria-label={t`Example finished task`}>
              <code>{STATUS_RESPONSE}</code>
            </pre>
          </details>
        ) : null}
      </Step>

      <Step number={5} state={stateOf(5)} title={<Trans>Where next</Trans>}>
        {taskEnded ? (
          <p className={styles.text}>
            <Trans>That is the whole API: one call creates a task, another reads it. From here:</Trans>
          </p>
        ) : null}
        <ul className={styles.nextLinks}>
          {nextLinks.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={styles.nextLink}>
                <span className={styles.nextTitle}>
                  {link.title}
                  <span aria-hidden="true"> →</span>
                </span>
                <span className={styles.nextText}>{link.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className={styles.hint}>
          <Trans>
            Lowest price per image: {prices}. At 4K: {fourK}. Failed tasks cost nothing.
          </Trans>
        </p>
      </Step>
    </ol>
  );
}

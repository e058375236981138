import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { GenerationActor } from '../../actors/generation';
import type { ApiKeyState } from '../../actors/user';
import { config } from '../../config';
import {
  GENERATION_MODELS,
  MODELS,
  creditsPerImage,
  lowestCreditsPerImage,
  modelSpec,
  outputSize,
  type Resolution,
} from '../../domain/generationOptions';
import { Button } from '../../ui/Button';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TextField } from '../../ui/TextField';
import fieldStyles from '../../ui/TextField.module.css';
import { useBrowserValue } from '../../ui/useHydrated';
import { draftCost, fitDraftToModel, lacksRequiredCallback, type DraftProblem, type GenerationDraft } from '../../domain/generationDraft';
import { generationSelectors } from '../../actors/generation';
import styles from './Playground.module.css';

export interface Requester {
  /** Null for an anonymous visitor: Generate opens the sign-in instead. */
  apiKey: string | null;
  /** The key is held in memory only: after a reload it is loading until the account is read again. */
  keyState: ApiKeyState;
  balance: number | null;
}

interface PlaygroundFormProps {
  actor: GenerationActor;
  requester: Requester;
  onSignIn: () => void;
  /** Reads the account again when its key could not be loaded. */
  onReloadAccount: () => void;
}

/** Ctrl+Enter (⌘+Enter on a Mac) sends the form from any of its fields, the prompt included. */
function isSubmitShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The control a field's error belongs to, in the form (each is marked with `data-field`, radios by their checked
 * one); "too many references" is the first address past the model's limit, the one to remove.
 */
function fieldControl(form: HTMLFormElement, field: string, maxReferences: number): HTMLElement | null {
  const name = field === 'referenceUrls' ? `referenceUrls.${maxReferences}` : field;
  // The names are the form's own (`prompt`, `referenceUrls.2`): nothing in them needs escaping inside the quotes.
  return form.querySelector<HTMLElement>(`[data-field="${name}"]`);
}

/** Every problem the view words; `satisfies` keeps it complete when a problem is added. */
const DRAFT_PROBLEMS = {
  required: true,
  tooLong: true,
  outOfRange: true,
  notUrl: true,
  tooMany: true,
  needsCallback: true,
} satisfies Record<DraftProblem, true>;

/** The chart keeps field errors as strings; the ones the draft's validation gives are its problems. */
function isDraftProblem(value: string | undefined): value is DraftProblem {
  return value !== undefined && Object.hasOwn(DRAFT_PROBLEMS, value);
}

/** The form of the playground. Every value lives in the generation machine (and the page address). */
export function PlaygroundForm({ actor, requester, onSignIn, onReloadAccount }: PlaygroundFormProps) {
  const { t, i18n } = useLingui();
  const draft = useSelector(actor, generationSelectors.draft);
  const errors = useSelector(actor, generationSelectors.fieldErrors);
  const running = useSelector(actor, generationSelectors.running);
  const phase = useSelector(actor, generationSelectors.phase);
  const formRef = useRef<HTMLFormElement>(null);
  const apple = useBrowserValue(isApplePlatform(), false);
  const promptId = useId();
  const promptHelpId = useId();
  const modelGroupId = useId();
  const spec = modelSpec(draft.model);
  const size = outputSize(draft.aspectRatio, spec.resolutions.length > 0 ? draft.resolution : '');
  const cost = draftCost(draft);
  const maxReferences = spec.maxReferenceImages;
  const modelName = spec.name;
  const maxPrompt = spec.maxPromptLength;
  const signedIn = requester.apiKey !== null;
  // An unknown balance never blocks: the task API itself says if the credits do not cover a task.
  const short = signedIn && requester.balance !== null && cost > requester.balance;
  const needsCallback = lacksRequiredCallback(draft, config.taskCallbackUrl);
  const imageCounts = Array.from({ length: spec.maxImages }, (_, index) => String(index + 1));

  const change = (patch: Partial<GenerationDraft>) => actor.send({ type: 'CHANGE', draft: { ...actor.getSnapshot().context.draft, ...patch } });
  // A model takes only its own ratios, resolutions and counts: what it lacks falls back to its default.
  const chooseModel = (model: string) => actor.send({ type: 'CHANGE', draft: fitDraftToModel({ ...actor.getSnapshot().context.draft, model }) });

  const problemText = (problem: string | undefined): string | undefined => {
    switch (isDraftProblem(problem) ? problem : undefined) {
      case 'required':
        return t`Describe the image you want.`;
      case 'tooLong':
        return t`The prompt is too long for ${modelName}: at most ${i18n.number(maxPrompt)} characters.`;
      case 'outOfRange':
        return plural(spec.maxImages, { one: `${modelName} makes # image per task.`, other: `${modelName} makes 1 to # images per task.` });
      case 'needsCallback':
        return t`${modelName} requires a callback URL, and this site has none configured (VITE_TASK_CALLBACK_URL). Choose another model.`;
      case 'notUrl':
        return t`Enter a full image address, starting with https:// or http://.`;
      case 'tooMany':
        return plural(maxReferences, {
          one: `${modelName} takes at most # reference image. Remove the others.`,
          other: `${modelName} takes at most # reference images. Remove some.`,
        });
      case undefined:
        return undefined;
    }
  };

  // A failed check takes the user to the first field to change (in the form's order), not only to the notice.
  useEffect(() => {
    const form = formRef.current;
    if (phase !== 'invalid' || !form) return;
    const control = Array.from(form.querySelectorAll<HTMLElement>('[data-field]'))
      .map((element) => element.dataset.field ?? '')
      .concat(Object.keys(errors))
      .filter((field) => field in errors)
      .map((field) => fieldControl(form, field, maxReferences))
      .find((element) => element !== null);
    if (!control) return;
    control.focus({ preventScroll: true });
    // Clear of the sticky header and the action bar (the controls' scroll margins).
    control.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [phase, errors, maxReferences]);

  function submitFromKeyboard(event: KeyboardEvent<HTMLFormElement>) {
    if (!isSubmitShortcut(event)) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      onSignIn();
      return;
    }
    // Nothing to send with yet: the notice under the button says why.
    if (requester.keyState === 'loading' || requester.keyState === 'unavailable') return;
    actor.send({ type: 'GENERATE', apiKey: requester.apiKey ?? '', balance: requester.balance });
  }

  const promptError = problemText(errors.prompt);
  const promptLength = draft.prompt.length;

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} onKeyDown={submitFromKeyboard} noValidate aria-label={t`Generation settings`}>
      <div className={fieldStyles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={promptId} className={fieldStyles.label}>
            <Trans>Prompt</Trans>
          </label>
          <span id={promptHelpId} className={styles.counter} data-over={promptLength > maxPrompt || undefined}>
            {t`${i18n.number(promptLength)} / ${i18n.number(maxPrompt)} characters`}
          </span>
        </div>
        <textarea
          id={promptId}
          className={`${fieldStyles.input} ${styles.prompt}`}
          rows={5}
          value={draft.prompt}
          placeholder={t`A banana-shaped spaceship over a neon city at dusk, cinematic light`}
          aria-invalid={promptError ? true : undefined}
          aria-describedby={promptError ? `${promptHelpId} ${promptId}-error` : promptHelpId}
          data-field="prompt"
          onChange={(event) => change({ prompt: event.target.value })}
        />
        {promptError ? (
          <p id={`${promptId}-error`} className={fieldStyles.error} role="alert">
            {promptError}
          </p>
        ) : null}
      </div>

      <fieldset className={styles.group} aria-describedby={needsCallback ? 'model-callback-error' : undefined}>
        <legend className={fieldStyles.label}>
          <Trans>Model</Trans>
        </legend>
        <div className={styles.models}>
          {GENERATION_MODELS.map((option) => {
            const price = lowestCreditsPerImage(option);
            const fixed = MODELS[option].resolutions.length === 0;
            return (
              // The radio is named by the model alone; its price describes it.
              <label key={option} className={styles.modelOption}>
                <input
                  type="radio"
                  name="model"
                  value={option}
                  checked={spec.id === option}
                  data-field={spec.id === option ? 'model' : undefined}
                  aria-labelledby={`${modelGroupId}-${option}-name`}
                  aria-describedby={`${modelGroupId}-${option}-price`}
                  onChange={() => chooseModel(option)}
                />
                <span id={`${modelGroupId}-${option}-name`} className={styles.modelName}>
                  {MODELS[option].name}
                </span>
                <span id={`${modelGroupId}-${option}-price`} className={styles.modelPrice}>
                  {fixed ? (
                    <Plural value={price} one="# credit per image" other="# credits per image" />
                  ) : (
                    <Plural value={price} one="from # credit per image" other="from # credits per image" />
                  )}
                </span>
              </label>
            );
          })}
        </div>
        {needsCallback ? (
          <p id="model-callback-error" className={fieldStyles.error} role={errors.model ? 'alert' : undefined}>
            {problemText('needsCallback')}
          </p>
        ) : null}
      </fieldset>

      <div className={styles.group}>
        <span className={fieldStyles.label} aria-hidden="true">
          <Trans>Aspect ratio</Trans>
        </span>
        <SegmentedControl
          legend={t`Aspect ratio`}
          name="aspectRatio"
          value={draft.aspectRatio}
          options={spec.aspectRatios.map((ratio) => ({ value: ratio, label: ratio === 'auto' ? t`Auto` : ratio }))}
          onChange={(aspectRatio) => change({ aspectRatio })}
        />
        <p className={fieldStyles.hint}>
          {draft.aspectRatio === 'auto'
            ? t`Output size: follows the first reference image; square without one.`
            : t`Output size: about ${size.width} × ${size.height} px`}
        </p>
      </div>

      {spec.resolutions.length > 0 ? (
        <div className={styles.group}>
          <span className={fieldStyles.label} aria-hidden="true">
            <Trans>Resolution</Trans>
          </span>
          <SegmentedControl
            legend={t`Resolution`}
            name="resolution"
            value={draft.resolution}
            options={spec.resolutions.map((resolution: Resolution) => ({ value: resolution, label: resolution }))}
            onChange={(resolution) => change({ resolution })}
          />
          <p className={fieldStyles.hint}>
            <Plural
              value={creditsPerImage(spec.id, draft.resolution)}
              one="# credit per image at this resolution"
              other="# credits per image at this resolution"
            />
          </p>
        </div>
      ) : null}

      {spec.maxImages > 1 || spec.outputFormats.length > 0 ? (
        <div className={styles.pair}>
          {spec.maxImages > 1 ? (
            <div className={styles.group}>
              <span className={fieldStyles.label} aria-hidden="true">
                <Trans>Images</Trans>
              </span>
              <SegmentedControl
                legend={t`Number of images`}
                name="numImages"
                value={String(draft.numImages)}
                options={imageCounts.map((count) => ({ value: count, label: count }))}
                onChange={(count) => change({ numImages: Number(count) })}
              />
            </div>
          ) : null}
          {spec.outputFormats.length > 0 ? (
            <div className={styles.group}>
              <span className={fieldStyles.label} aria-hidden="true">
                <Trans>Format</Trans>
              </span>
              <SegmentedControl
                legend={t`Output format`}
                name="outputFormat"
                value={draft.outputFormat}
                options={spec.outputFormats.map((format) => ({ value: format, label: format.toUpperCase() }))}
                onChange={(outputFormat) => change({ outputFormat })}
              />
            </div>
          ) : null}
        </div>
      ) : null}

      {spec.googleSearch ? (
        <label className={styles.checkRow}>
          <input type="checkbox" checked={draft.googleSearch} onChange={(event) => change({ googleSearch: event.target.checked })} />
          <span>
            <Trans>Ground in Google Search</Trans>
            <span className={fieldStyles.hint}>
              <Trans>The model may look up current facts on the web (googleSearch).</Trans>
            </span>
          </span>
        </label>
      ) : null}

      {spec.watermark ? (
        <TextField
          label={t`Watermark (optional)`}
          value={draft.watermark}
          maxLength={200}
          placeholder={t`None`}
          hint={t`Text stamped on every image (watermark).`}
          onChange={(event) => change({ watermark: event.target.value })}
        />
      ) : null}

      <fieldset className={styles.group}>
        <legend className={fieldStyles.label}>
          <Trans>Reference images (optional)</Trans>
        </legend>
        <p className={fieldStyles.hint}>
          {t`Give ${modelName} up to ${maxReferences} image addresses to edit, combine or keep a character consistent.`}
        </p>
        {draft.referenceUrls.map((url, index) => (
          <TextField
            // Rows are only added at the end and removed by position: the index is the row.
            key={index}
            label={t`Image address ${index + 1}`}
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://"
            data-field={`referenceUrls.${index}`}
            error={problemText(errors[`referenceUrls.${index}`])}
            onChange={(event) => change({ referenceUrls: draft.referenceUrls.map((old, at) => (at === index ? event.target.value : old)) })}
            trailing={
              <Button
                size="sm"
                variant="ghost"
                aria-label={t`Remove image address ${index + 1}`}
                onClick={() => change({ referenceUrls: draft.referenceUrls.filter((_, at) => at !== index) })}
              >
                <Trans>Remove</Trans>
              </Button>
            }
          />
        ))}
        {errors.referenceUrls ? (
          <p className={fieldStyles.error} role="alert">
            {problemText(errors.referenceUrls)}
          </p>
        ) : null}
        <div>
          <Button
            size="sm"
            disabled={draft.referenceUrls.length >= maxReferences}
            onClick={() => change({ referenceUrls: [...draft.referenceUrls, ''] })}
          >
            <Trans>Add an image address</Trans>
          </Button>
        </div>
      </fieldset>

      {short ? (
        <p className={styles.notice} data-tone="warning">
          <Trans>Your balance does not cover this task.</Trans> <Link href="/dashboard/billing">{t`Buy credits`}</Link>
        </p>
      ) : null}
      {requester.keyState === 'missing' ? (
        <p className={styles.notice} data-tone="warning">
          <Trans>You need an API key to generate.</Trans> <Link href="/dashboard/api-keys">{t`Create a key`}</Link>
        </p>
      ) : null}
      {requester.keyState === 'unavailable' ? (
        <p className={styles.notice} data-tone="warning" role="alert">
          <Trans>Your API key could not be loaded. Check your connection and try again.</Trans>{' '}
          <Button size="sm" variant="ghost" onClick={onReloadAccount}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      ) : null}

      {/* Stays at the bottom of the screen while the form runs past it, so Generate and the cost are always in reach;
          it takes its own room at the form's end, and the fields scroll clear of it when focused. */}
      <div className={styles.actionBar} data-testid="generate-bar">
        <div className={styles.costRow} aria-live="polite">
          <p className={styles.cost}>
            <Plural value={cost} one="Costs # credit" other="Costs # credits" />
            <span className={styles.costNote}>
              {' '}
              <Trans>· charged only if it succeeds</Trans>
            </span>
          </p>
          {signedIn && requester.balance !== null ? (
            <p className={styles.balance} data-short={short || undefined}>
              <Link href="/dashboard/billing" className={styles.balanceLink}>
                <Plural value={requester.balance} one="Balance: # credit" other="Balance: # credits" />
              </Link>
            </p>
          ) : null}
        </div>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          busy={running || requester.keyState === 'loading'}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {running ? (
            <Trans>Generating…</Trans>
          ) : requester.keyState === 'loading' ? (
            <Trans>Loading your API key…</Trans>
          ) : signedIn ? (
            <Trans>Generate</Trans>
          ) : (
            <Trans>Sign in to generate</Trans>
          )}
          {running || requester.keyState === 'loading' ? null : (
            // Read from aria-keyshortcuts; shown for the eye only, so the button keeps its plain name.
            <kbd className={styles.shortcut} aria-hidden="true">
              {apple ? t`⌘+Enter` : t`Ctrl+Enter`}
            </kbd>
          )}
        </Button>
      </div>
    </form>
  );
}

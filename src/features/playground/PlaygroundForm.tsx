import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { GenerationActor } from '../../actors/generation';
import {
  ASPECT_RATIOS,
  CREDITS_PER_IMAGE,
  GENERATION_MODELS,
  MAX_IMAGES,
  MAX_PROMPT_LENGTH,
  MAX_REFERENCE_IMAGES,
  MAX_SEED,
  MODEL_NAMES,
  OUTPUT_FORMATS,
  isGenerationModel,
  outputSize,
} from '../../services/generationOptions';
import { Button } from '../../ui/Button';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TextField } from '../../ui/TextField';
import fieldStyles from '../../ui/TextField.module.css';
import { draftCost, type DraftProblem, type GenerationDraft } from './draft';
import { generationSelectors } from './generationSelectors';
import styles from './Playground.module.css';

export interface Requester {
  /** Null for an anonymous visitor: Generate opens the sign-in instead. */
  apiKey: string | null;
  balance: number | null;
}

interface PlaygroundFormProps {
  actor: GenerationActor;
  requester: Requester;
  onSignIn: () => void;
}

const IMAGE_COUNTS = Array.from({ length: MAX_IMAGES }, (_, index) => String(index + 1));

/** The form of the playground. Every value lives in the generation machine (and the page address). */
export function PlaygroundForm({ actor, requester, onSignIn }: PlaygroundFormProps) {
  const { t, i18n } = useLingui();
  const draft = useSelector(actor, generationSelectors.draft);
  const errors = useSelector(actor, generationSelectors.fieldErrors);
  const running = useSelector(actor, generationSelectors.running);
  const promptId = useId();
  const promptHelpId = useId();
  const model = isGenerationModel(draft.model) ? draft.model : 'nano-banana';
  const size = outputSize(draft.aspectRatio);
  const cost = draftCost(draft);
  const maxReferences = MAX_REFERENCE_IMAGES[model];
  const modelName = MODEL_NAMES[model];
  const signedIn = requester.apiKey !== null;
  const short = signedIn && requester.balance !== null && cost > requester.balance;

  const change = (patch: Partial<GenerationDraft>) => actor.send({ type: 'CHANGE', draft: { ...actor.getSnapshot().context.draft, ...patch } });

  const problemText = (problem: string | undefined): string | undefined => {
    switch (problem as DraftProblem | undefined) {
      case 'required':
        return t`Describe the image you want.`;
      case 'tooLong':
        return t`The prompt is too long: at most ${i18n.number(MAX_PROMPT_LENGTH)} characters.`;
      case 'notWholeNumber':
        return t`The seed must be a whole number, like 42, or empty for a random one.`;
      case 'outOfRange':
        return t`The seed must be between 0 and ${i18n.number(MAX_SEED)}.`;
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

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      onSignIn();
      return;
    }
    actor.send({ type: 'GENERATE', apiKey: requester.apiKey ?? '', balance: requester.balance ?? 0 });
  }

  const promptError = problemText(errors.prompt);
  const promptLength = draft.prompt.length;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t`Generation settings`}>
      <div className={fieldStyles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={promptId} className={fieldStyles.label}>
            <Trans>Prompt</Trans>
          </label>
          <span id={promptHelpId} className={styles.counter} data-over={promptLength > MAX_PROMPT_LENGTH || undefined}>
            {t`${i18n.number(promptLength)} / ${i18n.number(MAX_PROMPT_LENGTH)} characters`}
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
          onChange={(event) => change({ prompt: event.target.value })}
        />
        {promptError ? (
          <p id={`${promptId}-error`} className={fieldStyles.error} role="alert">
            {promptError}
          </p>
        ) : null}
      </div>

      <fieldset className={styles.group}>
        <legend className={fieldStyles.label}>
          <Trans>Model</Trans>
        </legend>
        <div className={styles.models}>
          {GENERATION_MODELS.map((option) => (
            <label key={option} className={styles.modelOption}>
              <input type="radio" name="model" value={option} checked={model === option} onChange={() => change({ model: option })} />
              <span className={styles.modelName}>{MODEL_NAMES[option]}</span>
              <span className={styles.modelPrice}>
                <Plural value={CREDITS_PER_IMAGE[option]} one="# credit per image" other="# credits per image" />
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.group}>
        <span className={fieldStyles.label} aria-hidden="true">
          <Trans>Aspect ratio</Trans>
        </span>
        <SegmentedControl
          legend={t`Aspect ratio`}
          name="aspectRatio"
          value={draft.aspectRatio}
          options={ASPECT_RATIOS.map((ratio) => ({ value: ratio, label: ratio === 'auto' ? t`Auto` : ratio }))}
          onChange={(aspectRatio) => change({ aspectRatio })}
        />
        <p className={fieldStyles.hint}>{t`Output size: ${size.width} × ${size.height} px`}</p>
      </div>

      <div className={styles.pair}>
        <div className={styles.group}>
          <span className={fieldStyles.label} aria-hidden="true">
            <Trans>Images</Trans>
          </span>
          <SegmentedControl
            legend={t`Number of images`}
            name="numImages"
            value={String(draft.numImages)}
            options={IMAGE_COUNTS.map((count) => ({ value: count, label: count }))}
            onChange={(count) => change({ numImages: Number(count) })}
          />
        </div>
        <div className={styles.group}>
          <span className={fieldStyles.label} aria-hidden="true">
            <Trans>Format</Trans>
          </span>
          <SegmentedControl
            legend={t`Output format`}
            name="outputFormat"
            value={draft.outputFormat}
            options={OUTPUT_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() }))}
            onChange={(outputFormat) => change({ outputFormat })}
          />
        </div>
      </div>

      <TextField
        label={t`Seed (optional)`}
        inputMode="numeric"
        value={draft.seed}
        placeholder={t`Random`}
        error={problemText(errors.seed)}
        hint={t`The same prompt and seed give the same images.`}
        onChange={(event) => change({ seed: event.target.value })}
        trailing={
          <Button size="sm" onClick={() => change({ seed: String(Math.floor(Math.random() * 1_000_000)) })}>
            <Trans>New seed</Trans>
          </Button>
        }
      />

      <fieldset className={styles.group}>
        <legend className={fieldStyles.label}>
          <Trans>Reference images (optional)</Trans>
        </legend>
        <p className={fieldStyles.hint}>
          {maxReferences === 1
            ? t`Give ${MODEL_NAMES[model]} the address of an image to edit or restyle.`
            : t`Give ${MODEL_NAMES[model]} up to ${maxReferences} image addresses to edit, combine or keep a character consistent.`}
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
            error={problemText(errors[`referenceUrls.${index}`])}
            onChange={(event) => change({ referenceUrls: draft.referenceUrls.map((old, at) => (at === index ? event.target.value : old)) })}
            trailing={
              <Button size="sm" variant="ghost" aria-label={t`Remove image address ${index + 1}`} onClick={() => change({ referenceUrls: draft.referenceUrls.filter((_, at) => at !== index) })}>
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
          <Button size="sm" disabled={draft.referenceUrls.length >= maxReferences} onClick={() => change({ referenceUrls: [...draft.referenceUrls, ''] })}>
            <Trans>Add an image address</Trans>
          </Button>
        </div>
      </fieldset>

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
            <Plural value={requester.balance} one="Balance: # credit" other="Balance: # credits" />
          </p>
        ) : null}
      </div>
      {short ? (
        <p className={styles.notice} data-tone="warning">
          <Trans>Your balance does not cover this task.</Trans> <Link href="/dashboard/billing">{t`Buy credits`}</Link>
        </p>
      ) : null}
      {signedIn && requester.apiKey === '' ? (
        <p className={styles.notice} data-tone="warning">
          <Trans>You need an API key to generate.</Trans> <Link href="/dashboard/api-keys">{t`Create a key`}</Link>
        </p>
      ) : null}

      <Button type="submit" variant="primary" size="lg" block busy={running}>
        {running ? <Trans>Generating…</Trans> : signedIn ? <Trans>Generate</Trans> : <Trans>Sign in to generate</Trans>}
      </Button>
    </form>
  );
}

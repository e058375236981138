import { useId, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { isDemoMode } from '../domain/sampleCall';
import { LineIcon } from './LineIcon';
import { SegmentedControl } from './SegmentedControl';
import { copyText } from './copyText';
import { Button } from './Button';
import styles from './CodeSample.module.css';

export interface CodeVariant {
  id: string;
  /** Tab label: a product word such as "curl" or "JavaScript". */
  label: string;
  /** What the page shows: the key masked, or a placeholder. */
  shown: string;
  /** What "Copy" puts on the clipboard: the same code with the real key. */
  copied: string;
}

/** The keys a sample is written with: the one the page shows (masked, or a placeholder) and the one copied. */
export interface SampleKeys {
  shown: string;
  real: string;
}

/** One language's sample, written once for the page and once, with the real key, for the clipboard. */
export function codeVariant(id: string, label: string, write: (apiKey: string) => string, keys: SampleKeys): CodeVariant {
  return { id, label, shown: write(keys.shown), copied: write(keys.real) };
}

interface CodeSampleProps {
  /** Names the code for assistive technology, e.g. "Example request". */
  label: string;
  variants: readonly CodeVariant[];
  /** True when the copied code holds the user's real key: the page says so. */
  copiesRealKey: boolean;
  /** Whether to say, under the code, that demo mode answers only inside this tab. */
  demoNote?: boolean;
  /** The page's own wording of that note (the quick start sends the call from the page itself). */
  demoNoteText?: ReactNode;
}

function copy(text: string, withKey: boolean) {
  void copyText(text, withKey ? translate`Copied, with your API key. Keep it secret.` : translate`Copied to the clipboard.`);
}

/** A code window: language tabs, the code as shown (masked key) and a Copy button (real key). */
export function CodeSample({ label, variants, copiesRealKey, demoNote = true, demoNoteText }: CodeSampleProps) {
  const { t } = useLingui();
  const name = useId();
  const [selected, setSelected] = useState(variants[0]?.id ?? '');
  const current = variants.find((one) => one.id === selected) ?? variants[0];
  if (!current) return null;
  const language = current.label;
  return (
    <div className={styles.sample}>
      <div className={styles.window}>
        <div className={styles.bar}>
          {variants.length > 1 ? (
            <SegmentedControl
              legend={t`Language of ${label}`}
              name={name}
              options={variants.map((one) => ({ value: one.id, label: one.label }))}
              value={current.id}
              onChange={setSelected}
            />
          ) : (
            <span className={styles.language}>{current.label}</span>
          )}
          <Button
            size="sm"
            variant="ghost"
            className={styles.copy}
            onClick={() => copy(current.copied, copiesRealKey)}
            aria-label={t`Copy ${label} (${language})`}
          >
            <LineIcon size={14}>
              <rect x="9" y="9" width="12" height="12" rx="2" />
              <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
            </LineIcon>
            <Trans>Copy</Trans>
          </Button>
        </div>
        <pre className={styles.code} tabIndex={0} role="group" aria-label={`${label} (${language})`}>
          <code>{current.shown}</code>
        </pre>
      </div>
      {copiesRealKey ? (
        <p className={styles.note}>
          <Trans>Your key is masked on screen. Copied commands include your key: keep them out of public code and chats.</Trans>
        </p>
      ) : null}
      {demoNote && isDemoMode ? (
        <p className={styles.note}>
          {demoNoteText ?? (
            <Trans>
              Demo mode: the API runs inside this browser tab, so this command gets no answer from a terminal. It works as is against a live API host;
              to try the same request here, use the playground.
            </Trans>
          )}
        </p>
      ) : null}
    </div>
  );
}

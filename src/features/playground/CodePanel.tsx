import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { config } from '../../config';
import { Button } from '../../ui/Button';
import { copyText } from '../../ui/copyText';
import { maskKey } from '../../ui/maskKey';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { snippetCallFromDraft, type GenerationDraft } from '../../domain/generationDraft';
import { SNIPPET_BUILDERS, type SnippetLanguage } from '../../domain/snippets';
import { useGenerationApiBaseUrl } from '../../ui/useHydrated';
import styles from './Playground.module.css';

const PLACEHOLDER_KEY = 'YOUR_API_KEY';

/**
 * The form as code: the same request as `curl`, JavaScript or Python, to the chosen model's endpoint. On screen the key is masked; what is copied
 * carries the real key, ready to paste.
 */
export function CodePanel({ draft, apiKey }: { draft: GenerationDraft; apiKey: string | null }) {
  const { t } = useLingui();
  // Which language to show: a display preference, like a tab, not a step of any flow.
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const baseUrl = useGenerationApiBaseUrl();
  const request = snippetCallFromDraft(draft);
  const build = SNIPPET_BUILDERS[language];
  const realKey = apiKey || PLACEHOLDER_KEY;
  const shown = build(request, { baseUrl, apiKey: apiKey ? maskKey(apiKey) : PLACEHOLDER_KEY });
  const copied = build(request, { baseUrl, apiKey: realKey });

  return (
    <section className={styles.codePanel} aria-labelledby="code-title">
      <div className={styles.codeHeader}>
        <h2 id="code-title" className={styles.codeTitle}>
          <Trans>This request as code</Trans>
        </h2>
        <SegmentedControl
          legend={t`Language`}
          name="snippetLanguage"
          value={language}
          options={[
            { value: 'curl', label: 'curl' },
            { value: 'javascript', label: 'JavaScript' },
            { value: 'python', label: 'Python' },
          ]}
          onChange={setLanguage}
        />
        <Button
          size="sm"
          onClick={() => void copyText(copied, apiKey ? t`Copied, with your API key.` : t`Copied. Put your API key in place of YOUR_API_KEY.`)}
        >
          {language === 'curl' ? (
            <Trans>Copy as curl</Trans>
          ) : language === 'javascript' ? (
            <Trans>Copy as JavaScript</Trans>
          ) : (
            <Trans>Copy as Python</Trans>
          )}
        </Button>
      </div>
      <pre
        className={styles.code}
        tabIndex={0}
        aria-label={
          language === 'curl' ? t`The request as a curl command` : language === 'javascript' ? t`The request as JavaScript` : t`The request as Python`
        }
      >
        <code>{shown}</code>
      </pre>
      <p className={styles.muted}>
        {apiKey ? (
          <Trans>The key is masked on screen; the copied code contains your real key, so keep it private.</Trans>
        ) : (
          <Trans>Sign in to copy the code with your own key.</Trans>
        )}
        {config.mode === 'demo' ? (
          <>
            {' '}
            <Trans>Demo mode answers these calls inside this browser tab, so pasted elsewhere they need the live API.</Trans>
          </>
        ) : null}
      </p>
    </section>
  );
}

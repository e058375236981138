import { createRoot } from 'react-dom/client';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { initialLocale, loadCatalog } from '../i18n/catalog';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import styles from './InspectorConsent.module.css';

/**
 * A live build's question before Stately's inspector starts (src/services/inspector.ts): what leaves the page, to
 * whom, and how to stop. Open while it is mounted: askInspectorConsent mounts it for the one question and removes it
 * with the answer. Escape, the close button and "Not now" all answer no.
 */
function InspectorConsent({ onAnswer }: { onAnswer(yes: boolean): void }) {
  const { t } = useLingui();
  return (
    <Dialog open size="md" onDismiss={() => onAnswer(false)} title={t`Send this tab's activity to Stately's inspector?`}>
      <p>
        <Trans>
          The inspector is a tool for testing this site. It opens Stately's inspector (stately.ai) in a new window, and this tab sends it each step
          the app takes for as long as that window is open.
        </Trans>
      </p>
      <p>
        <Trans>
          Only the names of states and events, statuses, kinds, flags and counts are sent. Everything else, such as e-mail addresses, prompts, postal
          addresses, keys and amounts, is replaced with [redacted] before it leaves this page.
        </Trans>
      </p>
      <p>
        <Trans>Stately's window is not part of this site. To stop, close it, or reload this page without ?inspect.</Trans>
      </p>
      <div className={styles.actions}>
        <Button onClick={() => onAnswer(false)}>
          <Trans>Not now</Trans>
        </Button>
        <Button variant="primary" onClick={() => onAnswer(true)}>
          <Trans>Open the inspector</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Asks, in the visitor's language, before the app starts (boot waits for the answer: the inspector must see the
 * actors from their start), in a root of its own beside the page. Resolves with the answer, the dialog gone.
 */
export async function askInspectorConsent(): Promise<boolean> {
  const locale = initialLocale();
  const i18n = setupI18n({ locale, messages: { [locale]: await loadCatalog(locale) } });
  return new Promise((resolve) => {
    const container = document.createElement('div');
    container.lang = locale;
    document.body.append(container);
    const root = createRoot(container);
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      resolve(yes);
      // After the click's own handling: a root is not unmounted from inside its own event.
      queueMicrotask(() => {
        root.unmount();
        container.remove();
      });
    };
    root.render(
      <I18nProvider i18n={i18n}>
        <InspectorConsent onAnswer={answer} />
      </I18nProvider>,
    );
  });
}

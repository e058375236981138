import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '../../i18n/catalog';
import { prepareLikeTheApp } from '../pages/prepare';
import { startDemo } from '../worker';
import styles from './ResultImagePage.module.css';

/**
 * A generated image opened on its own, as a real image host would show it. The image itself is served by
 * the demo worker, which must run first: opening a link in a new tab loads this page, not the picture.
 */
export async function renderDemoResult(root: HTMLElement): Promise<void> {
  await prepareLikeTheApp('Demo image');
  await startDemo();
  const src = window.location.pathname;
  createRoot(root).render(
    <I18nProvider i18n={i18n}>
      <main className={styles.page}>
        {/* The picture is the page; the heading names it for those who navigate by headings. */}
        <h1 className="visually-hidden">
          <Trans>Generated image</Trans>
        </h1>
        <img className={styles.image} src={src} alt={t`Generated image`} />
        <p className={styles.note}>
          <Trans>Demo image host: this picture was drawn in your browser. Right-click it to save.</Trans>
        </p>
      </main>
    </I18nProvider>,
  );
}

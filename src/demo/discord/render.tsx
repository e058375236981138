import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../i18n/catalog';
import { prepareLikeTheApp } from '../pages/prepare';
import { browserDemoEnvironment } from '../environment';
import { parseConsentRequest } from './consent';
import { DiscordConsentPage } from './DiscordConsentPage';

/** Renders the demo Discord consent page the current address asks for, in place of the app. */
export async function renderDemoDiscord(root: HTMLElement): Promise<void> {
  await prepareLikeTheApp('Demo Discord');
  createRoot(root).render(
    <I18nProvider i18n={i18n}>
      <DiscordConsentPage
        env={browserDemoEnvironment()}
        request={parseConsentRequest(window.location.href)}
        navigate={(url) => window.location.assign(url)}
      />
    </I18nProvider>,
  );
}

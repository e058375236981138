import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n, initialLocale, loadCatalog } from '../../i18n/catalog';
import { applyTheme, readStoredTheme, systemPrefersDark } from '../../services/theme';
import { browserDemoEnvironment } from '../environment';
import { parseCheckoutRequest, type PaypalPopupMessage } from './checkoutOrder';
import { CheckoutPage } from './CheckoutPage';

/** The app's stored theme and language, read the same way the app reads them (no actors on this page). */
async function prepareLikeTheApp(): Promise<void> {
  const theme = readStoredTheme() ?? 'system';
  applyTheme(theme === 'system' ? (systemPrefersDark() ? 'dark' : 'light') : theme);
  const locale = initialLocale();
  try {
    await loadCatalog(locale);
    activateLocale(locale);
  } catch (error) {
    console.warn('Demo checkout: the catalogue did not load; showing the source language.', error);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  }
}

function postToOpener(message: PaypalPopupMessage): void {
  // Only the site's own windows may hear it: the target origin is this page's.
  (window.opener as Window | null)?.postMessage(message, window.location.origin);
}

/** Renders the demo checkout page the current address names, in place of the app. */
export async function renderDemoCheckout(root: HTMLElement): Promise<void> {
  await prepareLikeTheApp();
  const request = parseCheckoutRequest(window.location.href);
  createRoot(root).render(
    <I18nProvider i18n={i18n}>
      <CheckoutPage
        env={browserDemoEnvironment()}
        request={request}
        navigate={(url) => window.location.assign(url)}
        postToOpener={postToOpener}
        closeWindow={() => window.close()}
      />
    </I18nProvider>,
  );
}

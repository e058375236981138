import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../i18n/catalog';
import { prepareLikeTheApp } from '../pages/prepare';
import { browserDemoEnvironment } from '../environment';
import { parseCheckoutRequest } from './checkoutOrder';
import type { PaypalPopupMessage } from './paypalMessage';
import { CheckoutPage } from './CheckoutPage';

function postToOpener(message: PaypalPopupMessage): void {
  // Only the site's own windows may hear it: the target origin is this page's.
  (window.opener as Window | null)?.postMessage(message, window.location.origin);
}

/** Renders the demo checkout page the current address names, in place of the app. */
export async function renderDemoCheckout(root: HTMLElement): Promise<void> {
  await prepareLikeTheApp('Demo checkout');
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

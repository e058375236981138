import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PROVIDER_KIND, PROVIDER_NAMES } from '../../domain/paymentProviders';
import type { DemoEnvironment } from '../environment';
import type { CheckoutRequest } from './checkoutOrder';
import type { PaypalPopupMessage } from './paypalMessage';
import { CheckoutShell } from './CheckoutShell';
import { PaypalPopup } from './PaypalPopup';
import { RedirectCheckout } from './RedirectCheckout';
import { WechatScan } from './WechatScan';
import styles from './Checkout.module.css';

export interface CheckoutPageProps {
  env: DemoEnvironment;
  request: CheckoutRequest;
  /** The window's ways out; tests hand in spies. */
  navigate(url: string): void;
  postToOpener(message: PaypalPopupMessage): void;
  closeWindow(): void;
}

/** The demo checkout page of the provider the address names. */
export function CheckoutPage({ env, request, navigate, postToOpener, closeWindow }: CheckoutPageProps) {
  const { t } = useLingui();
  const provider = request.provider;
  const title = provider ? PROVIDER_NAMES[provider] : t`Demo checkout`;

  useEffect(() => {
    document.title = t`${title} — demo checkout`;
  }, [t, title]);

  if (provider === null) {
    return (
      <CheckoutShell title={title} stage="unknown">
        <p className={styles.message} role="alert">
          <Trans>This checkout address names no payment provider.</Trans>
        </p>
        <a className={styles.link} href={request.returnUrl}>
          <Trans>Back to Nano Banana API</Trans>
        </a>
      </CheckoutShell>
    );
  }
  switch (PROVIDER_KIND[provider]) {
    case 'paypal':
      return <PaypalPopup env={env} request={request} title={title} postToOpener={postToOpener} closeWindow={closeWindow} />;
    case 'wechat':
      return <WechatScan env={env} request={request} title={title} />;
    case 'redirect':
      return <RedirectCheckout env={env} request={request} title={title} navigate={navigate} />;
  }
}

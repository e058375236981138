import { createContext, useContext, type ReactNode } from 'react';
import type { ChallengeWidget } from './challenge';
import type { PaypalCheckout } from './paypal';
import type { GoogleSignIn, MicrosoftSignIn } from './socialSignIn';

/** Implementations that differ between demo and live mode, chosen once at boot. */
export interface ModeServices {
  ChallengeWidget: ChallengeWidget;
  /**
   * Null in a live build without the provider's setting (VITE_GOOGLE_CLIENT_ID, VITE_MICROSOFT_CLIENT_ID): no button,
   * no One Tap, and none of its code or scripts loaded (the policy would refuse them anyway).
   */
  google: GoogleSignIn | null;
  microsoft: MicrosoftSignIn | null;
  /** How PayPal approves an order; optional until live mode has its SDK adapter. */
  paypal?: PaypalCheckout;
}

const ServicesContext = createContext<ModeServices | null>(null);

export function ServicesProvider({ services, children }: { services: ModeServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useModeServices(): ModeServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('Mode services are missing: render inside <ServicesProvider>.');
  return services;
}

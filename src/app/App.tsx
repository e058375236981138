import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n/catalog';
import { AppActorProvider } from '../actors/AppActorContext';
import { InspectProvider, type Inspect } from '../actors/inspection';
import type { AppActor } from '../actors/app';
import { LoginModal } from '../features/auth/LoginModal';
import { ServicesProvider, type ModeServices } from '../services/ServicesContext';
import { ToastArea } from '../ui/ToastArea';
import { Footer } from './Footer';
import { Header } from './Header';
import { AppRoutes } from './routes';
import { ClientReady } from './ClientReady';
import { DocumentHead } from './seo/DocumentHead';
import { RenewalOffer } from './RenewalOffer';
import { SettlementWatchMount } from './SettlementWatchMount';
import styles from './App.module.css';

interface AppProps {
  actor: AppActor;
  /** While hydrating a prerendered page: the app as it was prerendered (see AppActorProvider). */
  prerendered?: AppActor | null;
  services: ModeServices;
  /** Demo mode's controls panel, handed in by boot (nothing else may import demo code). */
  demoPanel?: ReactNode;
  /** The Stately inspector, when `?inspect` asked for it: pages report their own actors to it too. */
  inspect?: Inspect | undefined;
}

export function App({ actor, prerendered = null, services, demoPanel, inspect }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      <AppActorProvider actor={actor} prerendered={prerendered}>
        <InspectProvider inspect={inspect}>
          <ServicesProvider services={services}>
            <div className={styles.shell}>
              <Header />
              <main id="main" className={styles.main}>
                <AppRoutes />
              </main>
              <Footer />
            </div>
            <DocumentHead />
            <LoginModal />
            <RenewalOffer />
            <SettlementWatchMount />
            <ToastArea />
            {/* Not in the prerendered HTML: it comes once the browser's app has taken over. */}
            <ClientReady>{demoPanel}</ClientReady>
          </ServicesProvider>
        </InspectProvider>
      </AppActorProvider>
    </I18nProvider>
  );
}

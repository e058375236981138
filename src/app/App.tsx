import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n/catalog';
import { AppActorProvider } from '../actors/AppActorContext';
import { InspectProvider, type Inspect } from '../actors/inspection';
import type { AppActor } from '../actors/app';
import { LoginModal } from '../features/auth/LoginModal';
import { Header } from './Header';
import { AppRoutes } from './routes';
import { ServicesProvider, type ModeServices } from './ServicesContext';
import { ToastArea } from '../ui/ToastArea';
import styles from './App.module.css';

interface AppProps {
  actor: AppActor;
  services: ModeServices;
  /** Demo mode's controls panel, handed in by boot (nothing else may import demo code). */
  demoPanel?: ReactNode;
  /** The Stately inspector, when `?inspect` asked for it: pages report their own actors to it too. */
  inspect?: Inspect | undefined;
}

export function App({ actor, services, demoPanel, inspect }: AppProps) {
  const GoogleProvider = services.google.Provider;
  return (
    <I18nProvider i18n={i18n}>
      <AppActorProvider actor={actor}>
        <InspectProvider inspect={inspect}>
          <ServicesProvider services={services}>
            <GoogleProvider>
              <div className={styles.shell}>
                <Header />
                <main id="main" className={styles.main}>
                  <AppRoutes />
                </main>
              </div>
              <LoginModal />
              <ToastArea />
              {demoPanel}
            </GoogleProvider>
          </ServicesProvider>
        </InspectProvider>
      </AppActorProvider>
    </I18nProvider>
  );
}

import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n/catalog';
import { AppActorProvider } from '../actors/AppActorContext';
import type { AppActor } from '../actors/app';
import { LoginModal } from '../features/auth/LoginModal';
import { Header } from './Header';
import { ProgressBar } from './ProgressBar';
import { AppRoutes } from './routes';
import { ServicesProvider, type ModeServices } from './ServicesContext';
import { ToastArea } from '../ui/ToastArea';
import styles from './App.module.css';

interface AppProps {
  actor: AppActor;
  services: ModeServices;
  /** Demo mode's controls panel, handed in by boot (nothing else may import demo code). */
  demoPanel?: ReactNode;
}

export function App({ actor, services, demoPanel }: AppProps) {
  const GoogleProvider = services.google.Provider;
  return (
    <I18nProvider i18n={i18n}>
      <AppActorProvider actor={actor}>
        <ServicesProvider services={services}>
          <GoogleProvider>
            <ProgressBar />
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
      </AppActorProvider>
    </I18nProvider>
  );
}

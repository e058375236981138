import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { registerToastArea, subscribeToToastsLoaded, toastsLoaded } from './toast';

const ToastStack = lazy(() => import('./ToastStack'));

/** Where toasts appear: nothing until the first toast brings the library (src/ui/toast.ts), then the stack. */
export function ToastArea() {
  const loaded = useSyncExternalStore(subscribeToToastsLoaded, toastsLoaded, () => false);
  useEffect(registerToastArea, []);
  return loaded ? (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  ) : null;
}

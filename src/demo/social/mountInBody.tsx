import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';

/**
 * Renders a demo popup outside the app's tree, as the real SDKs draw their popups and One Tap outside it.
 * The global Lingui instance is the app's, so the popup follows the active locale. Returns the remover
 * (safe to call twice).
 */
export function mountInBody(node: ReactNode): () => void {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    container.remove();
  };
}

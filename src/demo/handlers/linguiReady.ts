import { i18n } from '@lingui/core';

/** How long a demo answer waits for the app's first catalogue before speaking the source language. */
const WAIT_MS = 5000;

/**
 * Resolves once Lingui has an active locale. The app's first calls (user-info at boot) can reach the demo
 * server before the catalogue is in, and Lingui refuses to translate without a locale.
 */
export function linguiReady(): Promise<void> {
  if (i18n.locale) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopListening();
      resolve();
    };
    const stopListening = i18n.on('change', () => {
      if (i18n.locale) done();
    });
    const timer = setTimeout(() => {
      if (!i18n.locale) i18n.activate('en');
      done();
    }, WAIT_MS);
  });
}

/**
 * Live Google sign-in: Google Identity Services' own button and One Tap, both through the page's one GSI
 * configuration (./gsiPage.ts), whose script loads when the first of them is needed. Boot imports this module only
 * in live mode.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { config } from '../../config';
import type { GoogleButtonProps, GoogleSignIn } from '../socialSignIn';
import { createGsiPage, type GsiPage } from './gsiPage';
import styles from './GoogleButton.module.css';

/** About the modal's width, within Google's 200 to 400 pixels. */
const BUTTON_WIDTH = 320;

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function readTheme(): string | undefined {
  return document.documentElement.dataset.theme;
}

/** The live adapter over one page's GSI configuration. */
export function createLiveGoogle(gsiPage: GsiPage): GoogleSignIn {
  function Button({ onCredential, onError }: GoogleButtonProps) {
    const container = useRef<HTMLDivElement>(null);
    // Follows the app's theme as it changes, so the button never clashes with the modal around it.
    const theme = useSyncExternalStore(subscribeToTheme, readTheme);
    // The sign-in to hand a credential to is the latest render's; Google's button stays as it was drawn.
    const sink = useRef({ onCredential, onError });
    useEffect(() => {
      sink.current = { onCredential, onError };
    });

    useEffect(() => {
      const parent = container.current;
      if (!parent) return;
      return gsiPage.renderButton(
        parent,
        { type: 'standard', theme: theme === 'dark' ? 'filled_black' : 'outline', size: 'large', text: 'continue_with', width: BUTTON_WIDTH },
        {
          onCredential: (result) => sink.current.onCredential(result),
          onError: (error) => sink.current.onError(error),
        },
      );
    }, [theme]);

    return <div ref={container} className={styles.slot} />;
  }

  return { Button, prompt: (callbacks) => gsiPage.prompt(callbacks) };
}

export const liveGoogle: GoogleSignIn = createLiveGoogle(createGsiPage({ clientId: config.googleClientId }));

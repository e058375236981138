import type { ComponentType } from 'react';
import type { GoogleCredential } from '../common/types';

/**
 * Google and Microsoft sign-in behind small adapters: live mode wraps the real SDKs (loaded lazily),
 * demo mode stands in with pickers that behave like the real popups. The statecharts and views only
 * ever see these interfaces.
 */

export interface GoogleButtonProps {
  /** Google handed back an ID token (a JWT credential) for the chosen account, with the attempt's raw nonce. */
  onCredential(result: GoogleCredential): void;
  /** The sign-in library failed: log it, then reload the page (docs/product.md, "Google sign-in failure"). */
  onError(error: unknown): void;
}

export interface OneTapCallbacks {
  onCredential(result: GoogleCredential): void;
  /** The visitor closed One Tap, or Google chose not to show it. */
  onDismissed(): void;
}

export interface GoogleSignIn {
  /** The "Sign in with Google" button of the login modal. */
  Button: ComponentType<GoogleButtonProps>;
  /** Shows One Tap; the returned function takes it down again. */
  prompt(callbacks: OneTapCallbacks): () => void;
}

/** Errors from `MicrosoftSignIn.signIn` carry one of these kinds (see src/services/microsoft/errors.ts). */
export interface MicrosoftSignIn {
  /** Creates the auth client (live: the MSAL instance, created on first use). */
  initialize(): Promise<void>;
  /** Opens the sign-in popup; resolves with the result's ID token, or null when it holds none. */
  signIn(): Promise<{ idToken: string | null }>;
}

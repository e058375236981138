/**
 * Google Identity Services' client library (`google.accounts.id`): the little of its API the app uses, typed from
 * Google's "Sign in with Google JavaScript API reference"
 * (https://developers.google.com/identity/gsi/web/reference/js-reference), and its script, added to the page once,
 * when something first needs it.
 */

/** The client library's one file: the URL the CSP's script-src and the Trusted Types policy let through. */
export const GSI_CLIENT_URL = 'https://accounts.google.com/gsi/client';
/** How long the script may take to arrive before whatever waits for it gives up (it may be tried again). */
export const GSI_LOAD_TIMEOUT_MS = 10_000;

/** What the configuration's callback receives: the ID token and how it was selected. */
export interface GsiCredentialResponse {
  credential?: string;
  /** `btn`, `btn_confirm`, … for the button; `fedcm`, `fedcm_auto`, `user`, `auto`, … for One Tap. */
  select_by?: string;
}

export interface GsiConfiguration {
  client_id: string;
  callback(response: GsiCredentialResponse): void;
  /** Goes into the ID token as its `nonce` claim. */
  nonce: string;
  /** One Tap through the browser's FedCM API. */
  use_fedcm_for_prompt: boolean;
  itp_support: boolean;
}

/**
 * A prompt notification, as FedCM leaves it ("Migrate to FedCM",
 * https://developers.google.com/identity/gsi/web/guides/fedcm-migration): the display moment and its methods, and
 * the detailed skipped reason, are gone; the skipped and dismissed moments remain.
 */
export interface GsiPromptNotification {
  isSkippedMoment(): boolean;
  isDismissedMoment(): boolean;
}

export interface GsiButtonOptions {
  type: 'standard';
  theme: 'outline' | 'filled_black';
  size: 'large';
  text: 'continue_with';
  width: number;
}

export interface GsiId {
  initialize(configuration: GsiConfiguration): void;
  renderButton(parent: HTMLElement, options: GsiButtonOptions): void;
  prompt(listener: (notification: GsiPromptNotification) => void): void;
  cancel(): void;
}

function loadedGsi(): GsiId | null {
  const google: unknown = Reflect.get(window, 'google');
  const accounts: unknown = google && typeof google === 'object' ? Reflect.get(google, 'accounts') : undefined;
  const id: unknown = accounts && typeof accounts === 'object' ? Reflect.get(accounts, 'id') : undefined;
  if (!id || typeof id !== 'object') return null;
  const methods = ['initialize', 'renderButton', 'prompt', 'cancel'] as const;
  return methods.every((name) => typeof Reflect.get(id, name) === 'function') ? (id as GsiId) : null;
}

let loading: Promise<GsiId> | null = null;

/**
 * Adds Google's script once and resolves with `google.accounts.id`. A script that fails, or has not arrived within
 * GSI_LOAD_TIMEOUT_MS, rejects; the next call then adds it afresh.
 */
export function loadGsi(): Promise<GsiId> {
  const ready = loadedGsi();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GsiId>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('Google Identity Services did not load in time'), GSI_LOAD_TIMEOUT_MS);
    script.onload = () => {
      const id = loadedGsi();
      if (!id) return fail('Google Identity Services loaded without google.accounts.id');
      clearTimeout(timer);
      resolve(id);
    };
    script.onerror = () => fail('Google Identity Services could not be loaded');
    script.async = true;
    script.src = GSI_CLIENT_URL;
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The page's one Google Identity Services configuration. Google keeps only the last `initialize` call's
 * configuration, and a rendered button's credential goes to that configuration's callback ("Sign in with Google
 * JavaScript API reference", https://developers.google.com/identity/gsi/web/reference/js-reference, "Method:
 * google.accounts.id.initialize"). So this is the only caller of `initialize`, with one callback for every surface:
 * the button in the login modal and One Tap, in any order, on any page. GSI's `select_by` says which surface a
 * credential came from, and the callback hands it to that surface's sign-in.
 *
 * Each sign-in attempt has its own nonce (./attemptNonce.ts): once a credential arrives, the configuration is made
 * again, same callback, with a fresh one. A credential is handed on with the raw nonce whose hash its token carries.
 */
import type { GoogleCredential } from '../../common/types';
import type { OneTapCallbacks } from '../socialSignIn';
import { createAttemptNonce, nonceClaimOf, type AttemptNonce } from './attemptNonce';
import { loadGsi, type GsiButtonOptions, type GsiCredentialResponse, type GsiId } from './gsiClient';

/** Where a rendered button's credential goes: the login modal's sign-in. */
export interface ButtonSink {
  onCredential(result: GoogleCredential): void;
  onError(error: unknown): void;
}

export interface GsiPage {
  /** Renders Google's button into `parent`; the returned function forgets it. */
  renderButton(parent: HTMLElement, options: GsiButtonOptions, sink: ButtonSink): () => void;
  /** Shows One Tap; the returned function takes it down again. */
  prompt(callbacks: OneTapCallbacks): () => void;
}

export interface GsiPageOptions {
  clientId: string;
  load?: () => Promise<GsiId>;
  createNonce?: () => Promise<AttemptNonce>;
}

/** How many attempts' nonces the page remembers: a One Tap prompt still open may answer one made before the last. */
const REMEMBERED_NONCES = 4;

/** The button's `select_by` values ("btn", "btn_confirm", "btn_add_session", …); every other is One Tap's. */
function isButtonSelection(selectBy: string | undefined): boolean {
  return selectBy?.startsWith('btn') ?? false;
}

export function createGsiPage({ clientId, load = loadGsi, createNonce = createAttemptNonce }: GsiPageOptions): GsiPage {
  let ready: Promise<GsiId> | null = null;
  let gsi: GsiId | null = null;
  /** The nonces of the attempts so far, the one configured now last. */
  const nonces: AttemptNonce[] = [];
  /** The buttons on the page, the newest last. */
  const buttons: ButtonSink[] = [];
  let oneTap: OneTapCallbacks | null = null;

  function configure(id: GsiId, nonce: AttemptNonce): void {
    nonces.push(nonce);
    nonces.splice(0, nonces.length - REMEMBERED_NONCES);
    id.initialize({ client_id: clientId, callback: receive, nonce: nonce.hashed, use_fedcm_for_prompt: true, itp_support: true });
  }

  /** The next attempt gets a nonce of its own. Until it is made (a hash away), the last one stays configured. */
  function renewNonce(): void {
    void createNonce().then(
      (nonce) => {
        if (gsi) configure(gsi, nonce);
      },
      (error: unknown) => console.error('A new Google sign-in nonce could not be made', error),
    );
  }

  /**
   * The raw nonce whose hash the token carries; none when the token names no nonce this page made (the API then
   * refuses it, as it would refuse any other).
   */
  function rawNonceOf(credential: string): string {
    const claim = nonceClaimOf(credential);
    return nonces.find((nonce) => nonce.hashed === claim)?.raw ?? '';
  }

  function receive(response: GsiCredentialResponse): void {
    const fromButton = isButtonSelection(response.select_by);
    const credential = response.credential ?? '';
    const button = buttons.at(-1);
    if (credential === '') {
      if (fromButton) button?.onError(new Error('Google returned no credential'));
      else oneTap?.onDismissed();
      return;
    }
    const result: GoogleCredential = { credential, nonce: rawNonceOf(credential) };
    renewNonce();
    if (!fromButton && oneTap) oneTap.onCredential(result);
    else if (fromButton && button) button.onCredential(result);
    else if (fromButton && oneTap) oneTap.onCredential(result);
    // One Tap's credential after One Tap was taken down (someone signed in meanwhile): nobody is waiting for it.
    else console.warn('A Google credential arrived with no sign-in waiting for it');
  }

  /** Loads the library and configures it, once; a failed load is tried again by the next caller. */
  function start(): Promise<GsiId> {
    if (ready) return ready;
    const starting = Promise.all([load(), createNonce()]).then(([id, nonce]) => {
      gsi = id;
      configure(id, nonce);
      return id;
    });
    ready = starting;
    starting.catch(() => {
      if (ready === starting) ready = null;
    });
    return starting;
  }

  return {
    renderButton(parent, options, sink) {
      let active = true;
      buttons.push(sink);
      start().then(
        (id) => {
          if (active) id.renderButton(parent, options);
        },
        // No button, and no reload either: a script a blocker refused would be refused again.
        (error: unknown) => console.error(error),
      );
      return () => {
        active = false;
        const index = buttons.lastIndexOf(sink);
        if (index !== -1) buttons.splice(index, 1);
      };
    },

    prompt(callbacks) {
      // Once taken down, or once an outcome is reported, Google's later notifications are ignored: after a
      // credential GSI still reports a dismissed moment (credential_returned).
      let settled = false;
      let shown: GsiId | null = null;
      const settle = (report: () => void) => {
        if (settled) return;
        settled = true;
        if (oneTap === waiting) oneTap = null;
        report();
      };
      const waiting: OneTapCallbacks = {
        onCredential: (result) => settle(() => callbacks.onCredential(result)),
        onDismissed: () => settle(callbacks.onDismissed),
      };
      oneTap = waiting;
      start().then(
        (id) => {
          if (settled) return;
          shown = id;
          // FedCM reports no display moment: the prompt ends in a skipped moment (not shown, or closed) or a
          // dismissed one (a credential returned, or cancelled) ("Migrate to FedCM",
          // https://developers.google.com/identity/gsi/web/guides/fedcm-migration).
          id.prompt((notification) => {
            if (notification.isSkippedMoment() || notification.isDismissedMoment()) waiting.onDismissed();
          });
        },
        () => waiting.onDismissed(),
      );
      return () => {
        if (settled) return;
        settled = true;
        if (oneTap === waiting) oneTap = null;
        shown?.cancel();
      };
    },
  };
}

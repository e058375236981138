import { SDK_SCRIPTS } from '../../../security-headers';

/** The rules of a Trusted Types policy: the browser calls them with the value, its type and the sink. */
interface PolicyRules {
  createScriptURL(value: string, type: string, sink: string): string | null;
  createHTML(value: string): string | null;
  createScript(): null;
}

/** The part of the Trusted Types API used here (TypeScript's DOM types do not describe it). */
interface PolicyFactory {
  createPolicy?: (name: string, rules: PolicyRules) => unknown;
}

/** The SDK loader files, exactly as the CSP's script-src names them (any query string). */
const SCRIPTS: string[] = [SDK_SCRIPTS.google, SDK_SCRIPTS.turnstile, SDK_SCRIPTS.paypal];
/** Markup that is a library's own constant: FingerprintJS's font probe frame (the document it writes into an iframe). */
const MARKUP = ['<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">'];

/**
 * The Trusted Types `default` policy (the CSP requires Trusted Types; security-headers.ts). Libraries hand DOM
 * sinks plain strings; this decides which of them pass. Returning null refuses the value: the browser blocks the
 * assignment and reports a violation. Kept out of the app's bundle, so it costs the entry chunk nothing.
 */
export function createDefaultPolicy(): void {
  const factory = (window as { trustedTypes?: PolicyFactory }).trustedTypes;
  if (!factory || typeof factory.createPolicy !== 'function') return; // a browser without Trusted Types
  try {
    factory.createPolicy('default', {
      createScriptURL(value, _type, sink) {
        let url: URL;
        try {
          url = new URL(value, document.baseURI);
        } catch {
          return null;
        }
        if (SCRIPTS.indexOf(url.origin + url.pathname) !== -1) return value;
        // Demo mode's API: a service worker of this origin (Mock Service Worker registers it by name).
        if (sink === 'ServiceWorkerContainer register' && url.origin === location.origin) return value;
        return null;
      },
      // Text without a tag cannot make an element (react-hot-toast's styles start as ' '). Script content in a
      // <script> is checked again, as script, when it would run.
      createHTML(value) {
        return value.indexOf('<') === -1 || MARKUP.indexOf(value) !== -1 ? value : null;
      },
      // No string ever becomes code.
      createScript() {
        return null;
      },
    });
  } catch {
    // Created already (the policy allows one `default`): keep the first.
  }
}

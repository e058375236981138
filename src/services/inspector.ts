/**
 * The Stately inspector (`?inspect`): every running actor, global or a page's own, reported to Stately's
 * inspector window. Opt-in and loaded on demand:
 * - demo mode and the dev server start it at once, with secrets redacted by name (redactSecrets below: the data is
 *   made up, or the developer's own);
 * - a live build leaves it out unless built with VITE_ENABLE_INSPECTOR=true, and even then asks first
 *   (src/app/InspectorConsent.tsx): its data is real people's, and it leaves the page for another site's window, so
 *   the person at the keyboard says yes (a link can carry `?inspect`, it cannot click), and only what an allow-list
 *   names is sent (./inspectorAllowList.ts).
 */
import type { InspectionEvent, Observer } from 'xstate';
import { redactToAllowList } from './inspectorAllowList';

/** Where the running actors' inspection events go: Stately's inspector, or a test's observer. */
export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

const SECRET_KEY = /password|token|apikey|api_key|credential|secret/i;
/**
 * One-time codes, named exactly: an e-mail verification code (a register or reset request's `code`) and Discord's
 * OAuth code (its return's `code`, the trade's `oauthCode`). Only text is hidden: an API envelope's `code: 200` is
 * a number and stays, as do keys that merely end in "code" (countryCode, zipcode).
 */
const CODE_KEY = /^(?:code|oauthCode|emailCode|verifyCode|verificationCode)$/;
/** The OAuth state this tab remembered for Discord's return. */
const STATE_KEY = /^expectedState$/;
/** Discord's code and state inside an address (the consent page's URL, a return address). */
const URL_SECRET_PARAM = /([?&#](?:code|state)=)[^&#\s"']+/g;
const REDACTED = '[redacted]';

/**
 * Whether the value under this key of this object is hidden. A `state` is an OAuth state only beside a code (Discord's
 * return, `{ kind: 'code', code, state }`); elsewhere it is, say, an invoice's US state, which QA may read.
 */
function isSecret(key: string, item: unknown, owner: object): boolean {
  if (item === null || item === '') return false;
  if (SECRET_KEY.test(key)) return true;
  if (typeof item !== 'string') return false;
  if (CODE_KEY.test(key) || STATE_KEY.test(key)) return true;
  return key === 'state' && typeof (owner as Record<string, unknown>).code === 'string';
}
/** Deep enough for any context of ours; what lies deeper is cut, like the inspector's own serializer does. */
const MAX_DEPTH = 12;

/**
 * A copy with every value under a secret-looking key replaced, however deep, and Discord's code and state taken out
 * of any address (functions and cycles left out).
 */
export function redactSecrets<T>(value: T, depth = 0, seen = new WeakSet<object>()): T {
  // Functions cannot be copied into another window (postMessage), wherever they sit.
  if (typeof value === 'function') return undefined as T;
  if (typeof value === 'string') return (value.includes('=') ? value.replace(URL_SECRET_PARAM, `$1${REDACTED}`) : value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value) || depth > MAX_DEPTH) return '[…]' as T;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecrets(item, depth + 1, seen)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'function') continue;
    copy[key] = isSecret(key, item, value) ? REDACTED : redactSecrets(item, depth + 1, seen);
  }
  return copy as T;
}

/** What the build is, as far as the inspector cares. */
export interface InspectorBuild {
  /** VITE_API_BASE_URL is set: the data is real. */
  live: boolean;
  /** Vite's dev server. */
  dev: boolean;
  /** VITE_ENABLE_INSPECTOR=true: a live build that may run the inspector at all. */
  enabled: boolean;
}

function thisBuild(): InspectorBuild {
  return {
    live: Boolean(import.meta.env.VITE_API_BASE_URL?.trim()),
    dev: import.meta.env.DEV,
    enabled: import.meta.env.VITE_ENABLE_INSPECTOR === 'true',
  };
}

/**
 * What `?inspect` does in this build: nothing (`off`: not asked for, or a live build without VITE_ENABLE_INSPECTOR),
 * start at once (`start`: demo mode, the dev server), or ask the person at the keyboard first (`askFirst`: a live
 * build that allows it).
 */
export function inspectorMode(search: string, build: InspectorBuild = thisBuild()): 'off' | 'start' | 'askFirst' {
  if (!new URLSearchParams(search).has('inspect')) return 'off';
  if (!build.live || build.dev) return 'start';
  return build.enabled ? 'askFirst' : 'off';
}

/** How what the actors report is cut before it leaves the page: secrets by name, or all but an allow-list. */
export type InspectorRedaction = 'secrets' | 'allowList';

/** Fetches Stately's library, so that a start after the visitor's click opens its window while the click still counts. */
export function preloadInspectorLibrary(): void {
  void import('@statelyai/inspect').catch(() => undefined);
}

/**
 * Opens Stately's inspector window and returns what actors report to; undefined if it cannot start. The window opens
 * with `window.open`: a browser lets it only soon after a click or key press (the consent's), or where popups are
 * allowed for the site.
 */
export async function startInspector(redaction: InspectorRedaction): Promise<Inspect | undefined> {
  try {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    // The whole message, not only contexts and events: a promise actor's snapshot carries its input too (a
    // login's password, say). This replaces the inspector's own serializer, and does what it did: plain,
    // cycle-free data that postMessage can copy.
    const inspector = createBrowserInspector({
      serialize: (event) => (redaction === 'allowList' ? redactToAllowList(event) : redactSecrets(event)),
    });
    return inspector.inspect;
  } catch (error) {
    console.warn('The Stately inspector could not start; the app runs without it.', error);
    return undefined;
  }
}

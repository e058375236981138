/**
 * A stand-in for Google Identity Services (Sign in with Google), installed on a page's or context's routes in
 * place of Google's hosts. It follows the documented contract of `google.accounts.id`:
 *
 * - `initialize(config)`: keeps the configuration; as Google documents, only the last call's counts.
 * - `renderButton(parent, options)`: a real button in `parent` (its `text`, `theme` and `width` as documented).
 *   Clicking it opens Google's account chooser in a popup (`ux_mode: popup`, Google's default) at
 *   https://accounts.google.com/gsi/select, served here: the test picks an account there (or types another),
 *   and the popup hands the ID token back to the page, which calls `callback({ credential, select_by: 'btn' })`.
 * - `prompt(listener)`: One Tap, an iframe from https://accounts.google.com/gsi/iframe/select at the top right.
 *   Choosing an account calls back with `select_by: 'user'` (`'auto'` when `auto_select` picks the only account),
 *   and the listener gets the moments Google documents: display (`isDisplayed` / `isNotDisplayed` with
 *   `getNotDisplayedReason`: `opt_out_or_no_session` when the browser has no Google session, `suppressed_by_user`
 *   in the cool-down after a close, `invalid_client`, `unregistered_origin`), skipped (`getSkippedReason`:
 *   `user_cancel` for the close button, `tap_outside`) and dismissed (`getDismissedReason`:
 *   `credential_returned`, `cancel_called`).
 * - `cancel()`, `disableAutoSelect()` (kept in the `g_state` cookie, as Google keeps it).
 *
 * The ID token is a real RS256 JWT from the issuer the test API server runs (./googleIssuer.ts), with `aud` set to
 * the client id the page initialized with. A test can spoil the next token (a wrong audience, a foreign signature,
 * an expired one) to see the backend refuse it.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import settings from '../settings.json' with { type: 'json' };
import { escapeHtml, htmlDocument } from './page';

const GOOGLE = 'https://accounts.google.com';
const API_URL = `http://127.0.0.1:${settings.apiPort}`;
/** The origins registered for the client id, as a Google Cloud project lists its authorized JavaScript origins. */
const REGISTERED_ORIGINS = [`http://127.0.0.1:${settings.previewPort}`, `http://localhost:${settings.previewPort}`];
/** Google's One Tap cool-down after the visitor closes it: two hours at first. */
const COOLDOWN_MS = 2 * 60 * 60 * 1000;

export interface GoogleAccount {
  email: string;
  name: string;
}

/** How the next ID token is spoiled, if at all. */
export type TokenFault = 'wrong-audience' | 'bad-signature' | 'expired';

/** The messages Google's pages send the page (the stand-in's own protocol between its frames). */
const MESSAGE_SOURCE = 'gsi-standin';

// ---------------------------------------------------------------------------------------------------
// The client library, as the page runs it (serialized: it must not close over anything of this module)
// ---------------------------------------------------------------------------------------------------

interface GsiNotification {
  getMomentType(): string;
  isDisplayMoment(): boolean;
  isDisplayed(): boolean;
  isNotDisplayed(): boolean;
  getNotDisplayedReason(): string | undefined;
  isSkippedMoment(): boolean;
  getSkippedReason(): string | undefined;
  isDismissedMoment(): boolean;
  getDismissedReason(): string | undefined;
}

interface GsiConfig {
  client_id?: string;
  callback?: (response: { credential: string; select_by: string; clientId: string; client_id: string }) => void;
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
}

interface GsiMessage {
  source: string;
  channel: string;
  type: 'displayed' | 'not_displayed' | 'skipped' | 'credential';
  reason?: string;
  credential?: string;
  select_by?: string;
}

function gsiClient(google: string, messageSource: string): void {
  type Moment = 'display' | 'skipped' | 'dismissed';
  let config: GsiConfig | null = null;
  let oneTap: { container: HTMLElement; channel: string; listener?: (n: GsiNotification) => void; displayed: boolean } | null = null;
  const popupChannels = new Set<string>();
  // What the page was told, for the tests to read.
  const log: Array<{ moment: Moment; reason: string | null }> = [];
  (window as unknown as { __gsiMoments: typeof log }).__gsiMoments = log;

  const newChannel = () => Math.random().toString(36).slice(2);

  function notification(moment: Moment, reason: string | null): GsiNotification {
    return {
      getMomentType: () => moment,
      isDisplayMoment: () => moment === 'display',
      isDisplayed: () => moment === 'display' && reason === null,
      isNotDisplayed: () => moment === 'display' && reason !== null,
      getNotDisplayedReason: () => (moment === 'display' && reason !== null ? reason : undefined),
      isSkippedMoment: () => moment === 'skipped',
      getSkippedReason: () => (moment === 'skipped' ? (reason ?? undefined) : undefined),
      isDismissedMoment: () => moment === 'dismissed',
      getDismissedReason: () => (moment === 'dismissed' ? (reason ?? undefined) : undefined),
    };
  }

  function tell(listener: ((n: GsiNotification) => void) | undefined, moment: Moment, reason: string | null) {
    log.push({ moment, reason });
    if (listener) listener(notification(moment, reason));
  }

  /** Takes the card down; `before` runs once it is down and before the listener hears the moment. */
  function closeOneTap(moment: Moment, reason: string | null, before?: () => void) {
    if (!oneTap) return;
    const { container, listener } = oneTap;
    oneTap = null;
    container.remove();
    document.removeEventListener('click', tapOutside, true);
    before?.();
    tell(listener, moment, reason);
  }

  function tapOutside(event: MouseEvent) {
    if (!oneTap || !oneTap.displayed || config?.cancel_on_tap_outside === false) return;
    if (event.target instanceof Node && oneTap.container.contains(event.target)) return;
    closeOneTap('skipped', 'tap_outside');
  }

  function deliver(credential: string, selectBy: string) {
    const clientId = config?.client_id ?? '';
    config?.callback?.({ credential, select_by: selectBy, clientId, client_id: clientId });
  }

  window.addEventListener('message', (event: MessageEvent<GsiMessage>) => {
    const data = event.data;
    if (event.origin !== google || typeof data !== 'object' || data === null || data.source !== messageSource) return;
    if (popupChannels.has(data.channel)) {
      if (data.type === 'credential' && data.credential) {
        popupChannels.delete(data.channel);
        deliver(data.credential, data.select_by ?? 'btn');
      }
      return;
    }
    if (!oneTap || data.channel !== oneTap.channel) return;
    if (data.type === 'displayed') {
      oneTap.displayed = true;
      oneTap.container.style.visibility = 'visible';
      tell(oneTap.listener, 'display', null);
    } else if (data.type === 'not_displayed') {
      closeOneTap('display', data.reason ?? 'unknown_reason');
    } else if (data.type === 'skipped') {
      closeOneTap('skipped', data.reason ?? 'user_cancel');
    } else if (data.type === 'credential' && data.credential) {
      // As Google does: the card is down, the credential goes to the callback (a cancel() there finds nothing to
      // cancel), then the dismissed moment says it was returned.
      const credential = data.credential;
      closeOneTap('dismissed', 'credential_returned', () => deliver(credential, data.select_by ?? 'user'));
    }
  });

  const autoSelectDisabled = () => /(?:^|; )g_state=[^;]*i_l/.test(document.cookie);

  const LABELS: Record<string, string> = {
    signin_with: 'Sign in with Google',
    signup_with: 'Sign up with Google',
    continue_with: 'Continue with Google',
    signin: 'Sign in',
  };
  const THEMES: Record<string, [string, string, string]> = {
    outline: ['#ffffff', '#1f1f1f', '1px solid #747775'],
    filled_blue: ['#0b57d0', '#ffffff', '1px solid #0b57d0'],
    filled_black: ['#131314', '#e3e3e3', '1px solid #8e918f'],
  };

  const id = {
    initialize(options: GsiConfig) {
      if (!options?.client_id) console.error('[GSI_LOGGER]: Missing required parameter "client_id".');
      config = { ...options };
    },

    renderButton(parent: HTMLElement, options: { text?: string; theme?: string; width?: number | string; click_listener?: () => void } = {}) {
      const [background, color, border] = THEMES[options.theme ?? 'outline'] ?? THEMES.outline!;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = LABELS[options.text ?? 'signin_with'] ?? LABELS.signin_with!;
      button.dataset.theme = options.theme ?? 'outline';
      const width = Math.min(400, Math.max(200, Number(options.width) || 200));
      Object.assign(button.style, {
        width: `${width}px`,
        height: '40px',
        background,
        color,
        border,
        borderRadius: '4px',
        font: '500 14px sans-serif',
        cursor: 'pointer',
      });
      button.addEventListener('click', () => {
        options.click_listener?.();
        if (!config?.client_id) {
          console.error('[GSI_LOGGER]: Missing required parameter "client_id".');
          return;
        }
        const channel = newChannel();
        popupChannels.add(channel);
        const query = new URLSearchParams({ client_id: config.client_id, origin: location.origin, channel, ux_mode: 'popup', select_by: 'btn' });
        window.open(`${google}/gsi/select?${query.toString()}`, 'g_signin', 'popup,width=500,height=620');
      });
      parent.replaceChildren(button);
    },

    prompt(listener?: (n: GsiNotification) => void) {
      if (!config?.client_id) {
        tell(listener, 'display', 'missing_client_id');
        return;
      }
      if (oneTap) return;
      const channel = newChannel();
      const container = document.createElement('div');
      container.id = 'credential_picker_container';
      Object.assign(container.style, { position: 'fixed', top: '72px', right: '20px', zIndex: '9999', visibility: 'hidden' });
      const frame = document.createElement('iframe');
      frame.title = 'Sign in with Google Dialog';
      Object.assign(frame.style, { width: '391px', height: '260px', border: '0', borderRadius: '8px', boxShadow: '0 2px 10px rgba(0,0,0,.3)' });
      const query = new URLSearchParams({
        client_id: config.client_id,
        origin: location.origin,
        channel,
        auto_select: String(Boolean(config.auto_select) && !autoSelectDisabled()),
      });
      frame.src = `${google}/gsi/iframe/select?${query.toString()}`;
      container.append(frame);
      oneTap = { container, channel, listener, displayed: false };
      document.body.append(container);
      document.addEventListener('click', tapOutside, true);
    },

    cancel() {
      closeOneTap('dismissed', 'cancel_called');
    },

    disableAutoSelect() {
      document.cookie = `g_state=${encodeURIComponent('{"i_l":0}')}; path=/; max-age=${60 * 60 * 24 * 180}`;
    },
  };

  const w = window as unknown as { google?: { accounts?: Record<string, unknown> } };
  w.google = w.google ?? {};
  w.google.accounts = { ...(w.google.accounts ?? {}), id };
}

// ---------------------------------------------------------------------------------------------------
// Google's pages: the account chooser (popup), One Tap's iframe, and the page that hands the token over
// ---------------------------------------------------------------------------------------------------

const GOOGLE_STYLE =
  'body{font:14px sans-serif;margin:16px;color:#1f1f1f}button{display:block;width:100%;margin:6px 0;padding:10px;text-align:left;font:inherit;cursor:pointer}';

function page(title: string, body: string, script = ''): string {
  return htmlDocument(title, body, { script, style: GOOGLE_STYLE });
}

/** A script that posts one message to the page that opened (or framed) this one, then closes a popup. */
function postToPage(origin: string, message: Omit<GsiMessage, 'source'>): string {
  const data = JSON.stringify({ ...message, source: MESSAGE_SOURCE });
  return `(function(){var target=window.opener||window.parent;target.postMessage(${data},${JSON.stringify(origin)});if(window.opener)window.close();})();`;
}

function problemWith(clientId: string, origin: string): 'invalid_client' | 'unregistered_origin' | null {
  if (clientId !== settings.providers.googleClientId) return 'invalid_client';
  if (!REGISTERED_ORIGINS.includes(origin)) return 'unregistered_origin';
  return null;
}

export class GoogleStandIn {
  /** The Google accounts signed in to this browser: the chooser lists them, One Tap needs at least one. */
  accounts: GoogleAccount[] = [];
  /** Spoils the next ID token the stand-in hands over. */
  nextTokenFault: TokenFault | null = null;
  /** Every ID token handed to the page, as issued. */
  readonly issued: string[] = [];
  private suppressedUntil = 0;

  constructor(accounts: GoogleAccount[] = []) {
    this.accounts = accounts;
  }

  /** The client library's source, as Google serves it at /gsi/client. */
  clientScript(): string {
    return `(${gsiClient.toString()})(${JSON.stringify(GOOGLE)}, ${JSON.stringify(MESSAGE_SOURCE)});`;
  }

  /** Answers Google's URLs on `target` (a page, or a context so that popups are answered too). */
  async install(target: Page | BrowserContext): Promise<void> {
    await target.route(
      (url) => url.origin === GOOGLE && url.pathname.startsWith('/gsi/'),
      (route) => this.answer(route),
    );
  }

  private async answer(route: Route): Promise<void> {
    const url = new URL(route.request().url());
    const param = (name: string) => url.searchParams.get(name) ?? '';
    const html = (body: string) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    switch (url.pathname) {
      case '/gsi/client':
        return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: this.clientScript() });
      case '/gsi/select':
        return html(this.chooser(param('client_id'), param('origin'), param('channel')));
      case '/gsi/iframe/select':
        return html(this.oneTap(param('client_id'), param('origin'), param('channel'), param('auto_select') === 'true'));
      case '/gsi/iframe/close':
        this.suppressedUntil = Date.now() + COOLDOWN_MS;
        return html(
          page('Sign in with Google', '', postToPage(param('origin'), { channel: param('channel'), type: 'skipped', reason: 'user_cancel' })),
        );
      case '/gsi/issue': {
        const account = { email: param('email'), name: param('name') || param('email') };
        const credential = await this.idToken(param('client_id'), account);
        const selectBy = param('select_by');
        return html(
          page(
            'Sign in with Google',
            '<p>Signing you in…</p>',
            postToPage(param('origin'), { channel: param('channel'), type: 'credential', credential, select_by: selectBy }),
          ),
        );
      }
      default:
        // Not a page of Google's that the stand-in plays: whatever else the test routes decides.
        return route.fallback();
    }
  }

  private issueLink(clientId: string, origin: string, channel: string, selectBy: string, account: GoogleAccount): string {
    const query = new URLSearchParams({ client_id: clientId, origin, channel, select_by: selectBy, email: account.email, name: account.name });
    return `/gsi/issue?${query.toString()}`;
  }

  /** The popup's account chooser: one button per account, or a form for another address. */
  private chooser(clientId: string, origin: string, channel: string): string {
    const problem = problemWith(clientId, origin);
    if (problem) {
      const error = problem === 'invalid_client' ? 'Error 401: invalid_client' : 'Error 400: origin_mismatch';
      return page('Sign in with Google', `<h1>Access blocked: authorization error</h1><p>${error}</p>`);
    }
    const host = escapeHtml(new URL(origin).host);
    const buttons = this.accounts
      .map(
        (account) =>
          `<button type="button" data-href="${escapeHtml(this.issueLink(clientId, origin, channel, 'btn', account))}">${escapeHtml(account.name)} ${escapeHtml(account.email)}</button>`,
      )
      .join('');
    const another = new URLSearchParams({ client_id: clientId, origin, channel, select_by: 'btn' });
    return page(
      'Sign in with Google',
      `<h1>Choose an account</h1><p>to continue to ${host}</p>${buttons}
<form action="/gsi/issue" method="get"><fieldset><legend>Use another account</legend>
${[...another].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('')}
<label>Email <input name="email" type="email" required></label> <label>Name <input name="name"></label>
<button type="submit">Next</button></fieldset></form>
<button type="button" id="cancel">Cancel</button>`,
      `document.querySelectorAll('button[data-href]').forEach(function(b){b.addEventListener('click',function(){location.href=b.dataset.href;});});
document.getElementById('cancel').addEventListener('click',function(){window.close();});`,
    );
  }

  /** One Tap's iframe: not displayed (and why), the only account picked by auto-select, or the card. */
  private oneTap(clientId: string, origin: string, channel: string, autoSelect: boolean): string {
    const tell = (message: Omit<GsiMessage, 'source' | 'channel'>, body = '') =>
      page('Sign in with Google', body, postToPage(origin, { channel, ...message }));
    const problem = problemWith(clientId, origin);
    if (problem) return tell({ type: 'not_displayed', reason: problem });
    if (Date.now() < this.suppressedUntil) return tell({ type: 'not_displayed', reason: 'suppressed_by_user' });
    if (this.accounts.length === 0) return tell({ type: 'not_displayed', reason: 'opt_out_or_no_session' });
    const [only] = this.accounts;
    const displayed = postToPage(origin, { channel, type: 'displayed' });
    if (autoSelect && this.accounts.length === 1 && only) {
      return page(
        'Sign in with Google',
        '<p>Signing you in…</p>',
        `${displayed}location.replace(${JSON.stringify(this.issueLink(clientId, origin, channel, 'auto', only))});`,
      );
    }
    const host = escapeHtml(new URL(origin).host);
    const close = `/gsi/iframe/close?${new URLSearchParams({ origin, channel }).toString()}`;
    const buttons = this.accounts
      .map(
        (account) =>
          `<button type="button" data-href="${escapeHtml(this.issueLink(clientId, origin, channel, 'user', account))}">Continue as ${escapeHtml(account.name.split(' ')[0] ?? account.name)} <small>${escapeHtml(account.email)}</small></button>`,
      )
      .join('');
    return page(
      'Sign in with Google',
      `<h1 style="font-size:16px">Sign in to ${host} with google.com</h1>
<button type="button" aria-label="Close" data-href="${escapeHtml(close)}" style="position:absolute;top:8px;right:8px;width:auto">×</button>${buttons}`,
      `${displayed}document.querySelectorAll('button[data-href]').forEach(function(b){b.addEventListener('click',function(){location.href=b.dataset.href;});});`,
    );
  }

  private async idToken(clientId: string, account: GoogleAccount): Promise<string> {
    const fault = this.nextTokenFault;
    this.nextTokenFault = null;
    const issuedAt = Math.floor(Date.now() / 1000) - (fault === 'expired' ? 2 * 60 * 60 : 0);
    const aud = fault === 'wrong-audience' ? 'another-project.apps.googleusercontent.com' : clientId;
    const answer = await fetch(`${API_URL}/__test/google/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ aud, email: account.email, name: account.name, issuedAt }),
    });
    let { credential } = (await answer.json()) as { credential: string };
    if (fault === 'bad-signature') credential = await resignWithForeignKey(credential);
    this.issued.push(credential);
    return credential;
  }
}

/** The same header and claims, signed with a key Google never published: only the signature is wrong. */
async function resignWithForeignKey(token: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  const header = decodeProtectedHeader(token);
  return new SignJWT(decodeJwt(token)).setProtectedHeader({ alg: 'RS256', kid: header.kid ?? '', typ: 'JWT' }).sign(privateKey);
}

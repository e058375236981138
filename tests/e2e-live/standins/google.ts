/**
 * A stand-in for Google Identity Services (Sign in with Google), installed on a page's or context's routes in
 * place of Google's hosts. It is a specification of `google.accounts.id` as Google documents it; each behaviour
 * below cites its source. The documents:
 *
 * - [REF] "Sign in with Google JavaScript API reference",
 *   https://developers.google.com/identity/gsi/web/reference/js-reference
 * - [FEDCM] "Migrate to FedCM", https://developers.google.com/identity/gsi/web/guides/fedcm-migration
 * - [MOMENTS] "Receive notifications on the prompt UI status",
 *   https://developers.google.com/identity/gsi/web/guides/receive-notifications-prompt-ui-status
 * - [UX] "Understand the One Tap user experience", https://developers.google.com/identity/gsi/web/guides/features
 * - [CHROME] "FedCM API customization and opt-out", https://developer.chrome.com/docs/identity/fedcm/customization
 * - [SETUP] "Setup" (client ID and authorized JavaScript origins),
 *   https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid
 *
 * What it plays:
 * - `initialize(config)`: only the last call's configuration is kept, and every later method uses it at once [REF].
 * - `renderButton(parent, options)`: a real button in `parent`; a click opens Google's account chooser in a popup
 *   (`ux_mode` popup is the default [REF]) at https://accounts.google.com/gsi/select, served here. The credential goes
 *   to the callback of the configuration current when it arrives, with `select_by: 'btn'` [REF, CredentialResponse].
 * - `prompt(listener)`: One Tap as FedCM runs it. The browser draws the prompt [FEDCM]; here an iframe from
 *   https://accounts.google.com/gsi/iframe/select stands in for the browser's dialog. The listener never hears a
 *   display moment, and a notification has no `isDisplayMoment`, `isDisplayed`, `isNotDisplayed`,
 *   `getNotDisplayedReason` or detailed skipped reason [FEDCM]: what stays is `getMomentType`, `isSkippedMoment`,
 *   `isDismissedMoment` and `getDismissedReason`. A prompt that ends without a credential (no Google session, the
 *   cool-down, a client or origin Google refuses, the visitor's close) is a skipped moment [MOMENTS]; a credential
 *   goes to the current configuration's callback with `select_by: 'fedcm'` (`'fedcm_auto'` for auto sign-in) [REF],
 *   then a dismissed moment says `credential_returned` [MOMENTS, REF].
 * - `cancel()`: a dismissed moment, `cancel_called`; ignored once a credential is selected [REF].
 * - `disableAutoSelect()`: kept in the `g_state` cookie, as Google keeps it.
 * - The configuration's `nonce` goes into the ID token as its `nonce` claim [REF, IdConfiguration].
 *
 * The ID token is a real RS256 JWT from the issuer the test API server runs (./googleIssuer.ts). A test can spoil
 * the next token (a wrong audience, a foreign signature, an expired one) to see the backend refuse it.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import settings from '../settings.json' with { type: 'json' };
import { escapeHtml, htmlDocument } from './page';

const GOOGLE = 'https://accounts.google.com';
const API_URL = `http://127.0.0.1:${settings.apiPort}`;
/** The origins registered for the client id, as a Cloud project lists its authorized JavaScript origins [SETUP]. */
const REGISTERED_ORIGINS = [`http://127.0.0.1:${settings.previewPort}`, `http://localhost:${settings.previewPort}`];
/**
 * How long a prompt the visitor closed stays away, by consecutive closes: Chrome's FedCM periods [CHROME] (the same
 * as Google's own without FedCM [UX]; with FedCM the browser decides [UX]).
 */
const COOLDOWN_MS = [2 * 60 * 60 * 1000, 24 * 60 * 60 * 1000, 7 * 24 * 60 * 60 * 1000, 28 * 24 * 60 * 60 * 1000];

export interface GoogleAccount {
  email: string;
  name: string;
}

/** How the next ID token is spoiled, if at all. */
export type TokenFault = 'wrong-audience' | 'bad-signature' | 'expired';

/** Why a One Tap prompt was skipped: the stand-in's own note for the tests (the page is told no reason [FEDCM]). */
type SkipCause = 'no_session' | 'cooldown' | 'user_close' | 'invalid_client' | 'unregistered_origin' | 'missing_client_id';

/** What the page's listener was told, and (for the tests) why. */
export interface MomentRecord {
  moment: 'skipped' | 'dismissed';
  reason: string | null;
  cause: SkipCause | null;
}

/** One call the page made to `google.accounts.id`, in order, with what the tests check of it. */
export interface GsiCall {
  method: 'initialize' | 'renderButton' | 'prompt' | 'cancel' | 'disableAutoSelect';
  /** initialize: the configuration's nonce, and whether FedCM was asked for the prompt. */
  nonce?: string | null;
  useFedcmForPrompt?: boolean | null;
  /** initialize: whether this call's callback is the one the previous configuration had. */
  sameCallback?: boolean;
}

/** The messages Google's pages send the page (the stand-in's own protocol between its frames). */
const MESSAGE_SOURCE = 'gsi-standin';

// ---------------------------------------------------------------------------------------------------
// The client library, as the page runs it (serialized: it must not close over anything of this module)
// ---------------------------------------------------------------------------------------------------

/** A prompt notification as FedCM leaves it [FEDCM]: the display moment and the detailed skipped reason are gone. */
interface FedcmNotification {
  getMomentType(): string;
  isSkippedMoment(): boolean;
  isDismissedMoment(): boolean;
  getDismissedReason(): string | undefined;
}

interface CredentialResponse {
  credential: string;
  select_by: string;
  clientId: string;
  client_id: string;
}

interface GsiConfig {
  client_id?: string;
  callback?: (response: CredentialResponse) => void;
  auto_select?: boolean;
  nonce?: string;
  use_fedcm_for_prompt?: boolean;
}

interface GsiMessage {
  source: string;
  channel: string;
  type: 'displayed' | 'skipped' | 'credential';
  cause?: string;
  credential?: string;
  select_by?: string;
}

function gsiClient(google: string, messageSource: string): void {
  type Moment = 'skipped' | 'dismissed';
  let config: GsiConfig | null = null;
  let oneTap: { container: HTMLElement; channel: string; listener?: (n: FedcmNotification) => void } | null = null;
  let watchingModality: MutationObserver | null = null;
  const popupChannels = new Set<string>();
  // What the page was told and asked, for the tests to read.
  const moments: Array<{ moment: Moment; reason: string | null; cause: string | null }> = [];
  const calls: Array<Record<string, unknown>> = [];
  const scope = window as unknown as { __gsiMoments: typeof moments; __gsiCalls: typeof calls };
  scope.__gsiMoments = moments;
  scope.__gsiCalls = calls;

  const newChannel = () => Math.random().toString(36).slice(2);

  function notification(moment: Moment, reason: string | null): FedcmNotification {
    return {
      getMomentType: () => moment,
      isSkippedMoment: () => moment === 'skipped',
      isDismissedMoment: () => moment === 'dismissed',
      getDismissedReason: () => (moment === 'dismissed' ? (reason ?? undefined) : undefined),
    };
  }

  function tell(listener: ((n: FedcmNotification) => void) | undefined, moment: Moment, reason: string | null, cause: string | null) {
    moments.push({ moment, reason, cause });
    if (listener) listener(notification(moment, reason));
  }

  /**
   * The browser draws its prompt outside the page [FEDCM], so nothing the page does makes it inert. Standing in for
   * it inside the page, the container goes where the page's modality cannot reach: into the topmost modal dialog
   * while one is open, else the body, moved without reloading its frame (`moveBefore`).
   */
  function placePrompt(container: HTMLElement) {
    const modals = document.querySelectorAll('dialog:modal');
    const parent = modals[modals.length - 1] ?? document.body;
    if (container.parentNode === parent) return;
    const movable = parent as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
    if (container.isConnected && typeof movable.moveBefore === 'function') movable.moveBefore(container, null);
    else parent.append(container);
  }

  function watchModality(container: HTMLElement) {
    watchingModality = new MutationObserver(() => placePrompt(container));
    watchingModality.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    placePrompt(container);
  }

  /** Takes the prompt down; `before` runs once it is down and before the listener hears the moment. */
  function closeOneTap(moment: Moment, reason: string | null, cause: string | null, before?: () => void) {
    if (!oneTap) return;
    const { container, listener } = oneTap;
    oneTap = null;
    watchingModality?.disconnect();
    watchingModality = null;
    container.remove();
    before?.();
    tell(listener, moment, reason, cause);
  }

  // The credential goes to the callback of the configuration in force now: the last initialize's [REF].
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
      // The prompt shows; with FedCM the page is not told so [FEDCM].
      oneTap.container.style.visibility = 'visible';
    } else if (data.type === 'skipped') {
      closeOneTap('skipped', null, data.cause ?? null);
    } else if (data.type === 'credential' && data.credential) {
      // The prompt is down, the credential goes to the callback (a cancel() there finds nothing to cancel), then the
      // dismissed moment says it was returned [MOMENTS].
      const credential = data.credential;
      closeOneTap('dismissed', 'credential_returned', null, () => deliver(credential, data.select_by ?? 'fedcm'));
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
      calls.push({
        method: 'initialize',
        nonce: options?.nonce ?? null,
        useFedcmForPrompt: options?.use_fedcm_for_prompt ?? null,
        sameCallback: config !== null && config.callback === options?.callback,
      });
      // Each call replaces the whole configuration: only the last one is remembered and used [REF].
      config = { ...options };
    },

    renderButton(
      parent: HTMLElement,
      options: { text?: string; theme?: string; width?: number | string; locale?: string; click_listener?: () => void } = {},
    ) {
      calls.push({ method: 'renderButton' });
      const [background, color, border] = THEMES[options.theme ?? 'outline'] ?? THEMES.outline!;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = LABELS[options.text ?? 'signin_with'] ?? LABELS.signin_with!;
      button.dataset.theme = options.theme ?? 'outline';
      // The minimum width, at most 400 pixels [REF, GsiButtonConfiguration].
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
        // The popup asks with the configuration in force at the click, its nonce included.
        const query = new URLSearchParams({
          client_id: config.client_id,
          origin: location.origin,
          channel,
          ux_mode: 'popup',
          select_by: 'btn',
          nonce: config.nonce ?? '',
        });
        window.open(`${google}/gsi/select?${query.toString()}`, 'g_signin', 'popup,width=500,height=620');
      });
      parent.replaceChildren(button);
    },

    prompt(listener?: (n: FedcmNotification) => void) {
      calls.push({ method: 'prompt' });
      if (!config?.client_id) {
        console.error('[GSI_LOGGER]: Missing required parameter "client_id".');
        tell(listener, 'skipped', null, 'missing_client_id');
        return;
      }
      // The browser takes one FedCM request at a time: a second prompt while one is open goes nowhere.
      if (oneTap) return;
      const channel = newChannel();
      const container = document.createElement('div');
      container.id = 'credential_picker_container';
      // The browser places its prompt itself; a page cannot move it [FEDCM].
      Object.assign(container.style, { position: 'fixed', top: '72px', right: '20px', zIndex: '9999', visibility: 'hidden' });
      const frame = document.createElement('iframe');
      frame.title = 'Sign in with Google Dialog';
      Object.assign(frame.style, { width: '391px', height: '260px', border: '0', borderRadius: '8px', boxShadow: '0 2px 10px rgba(0,0,0,.3)' });
      const query = new URLSearchParams({
        client_id: config.client_id,
        origin: location.origin,
        channel,
        auto_select: String(Boolean(config.auto_select) && !autoSelectDisabled()),
        nonce: config.nonce ?? '',
      });
      frame.src = `${google}/gsi/iframe/select?${query.toString()}`;
      container.append(frame);
      // The prompt is the browser's own UI [FEDCM]: a click on the page is not a click on it, and leaves it open.
      oneTap = { container, channel, listener };
      watchModality(container);
    },

    cancel() {
      calls.push({ method: 'cancel' });
      closeOneTap('dismissed', 'cancel_called', null);
    },

    disableAutoSelect() {
      calls.push({ method: 'disableAutoSelect' });
      document.cookie = `g_state=${encodeURIComponent('{"i_l":0}')}; path=/; max-age=${60 * 60 * 24 * 180}`;
    },
  };

  const w = window as unknown as { google?: { accounts?: Record<string, unknown> } };
  w.google = w.google ?? {};
  w.google.accounts = { ...(w.google.accounts ?? {}), id };
}

// ---------------------------------------------------------------------------------------------------
// Google's pages: the account chooser (popup), One Tap's prompt, and the page that hands the token over
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

/** A client id Google does not know, or a page not among its authorized JavaScript origins [SETUP]. */
function problemWith(clientId: string, origin: string): 'invalid_client' | 'unregistered_origin' | null {
  if (clientId !== settings.providers.googleClientId) return 'invalid_client';
  if (!REGISTERED_ORIGINS.includes(origin)) return 'unregistered_origin';
  return null;
}

interface TokenRequest {
  clientId: string;
  origin: string;
  channel: string;
  selectBy: string;
  nonce: string;
}

export class GoogleStandIn {
  /** The Google accounts signed in to this browser: the chooser lists them, One Tap needs at least one. */
  accounts: GoogleAccount[] = [];
  /** Spoils the next ID token the stand-in hands over. */
  nextTokenFault: TokenFault | null = null;
  /** Every ID token handed to the page, as issued. */
  readonly issued: string[] = [];
  private suppressedUntil = 0;
  private consecutiveCloses = 0;

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
    const request = (selectBy: string): TokenRequest => ({
      clientId: param('client_id'),
      origin: param('origin'),
      channel: param('channel'),
      selectBy,
      nonce: param('nonce'),
    });
    const html = (body: string) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    switch (url.pathname) {
      case '/gsi/client':
        return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: this.clientScript() });
      case '/gsi/select':
        return html(this.chooser(request('btn')));
      case '/gsi/iframe/select':
        return html(this.oneTap(request(param('auto_select') === 'true' ? 'fedcm_auto' : 'fedcm')));
      case '/gsi/iframe/close': {
        // Closed by the visitor: suppressed for a period that grows with each consecutive close [CHROME, UX].
        const period = COOLDOWN_MS[Math.min(this.consecutiveCloses, COOLDOWN_MS.length - 1)] ?? 0;
        this.consecutiveCloses += 1;
        this.suppressedUntil = Date.now() + period;
        return html(
          page('Sign in with Google', '', postToPage(param('origin'), { channel: param('channel'), type: 'skipped', cause: 'user_close' })),
        );
      }
      case '/gsi/issue': {
        const account = { email: param('email'), name: param('name') || param('email') };
        const wanted = request(param('select_by'));
        const credential = await this.idToken(wanted, account);
        // A sign-in with One Tap or the button resets the cool-down [UX].
        this.consecutiveCloses = 0;
        this.suppressedUntil = 0;
        return html(
          page(
            'Sign in with Google',
            '<p>Signing you in…</p>',
            postToPage(wanted.origin, { channel: wanted.channel, type: 'credential', credential, select_by: wanted.selectBy }),
          ),
        );
      }
      default:
        // Not a page of Google's that the stand-in plays: whatever else the test routes decides.
        return route.fallback();
    }
  }

  private issueLink(wanted: TokenRequest, account: GoogleAccount): string {
    const query = new URLSearchParams({
      client_id: wanted.clientId,
      origin: wanted.origin,
      channel: wanted.channel,
      select_by: wanted.selectBy,
      nonce: wanted.nonce,
      email: account.email,
      name: account.name,
    });
    return `/gsi/issue?${query.toString()}`;
  }

  /** The popup's account chooser: one button per account, or a form for another address. */
  private chooser(wanted: TokenRequest): string {
    const problem = problemWith(wanted.clientId, wanted.origin);
    if (problem) {
      const error = problem === 'invalid_client' ? 'Error 401: invalid_client' : 'Error 400: origin_mismatch';
      return page('Sign in with Google', `<h1>Access blocked: authorization error</h1><p>${error}</p>`);
    }
    const host = escapeHtml(new URL(wanted.origin).host);
    const buttons = this.accounts
      .map(
        (account) =>
          `<button type="button" data-href="${escapeHtml(this.issueLink(wanted, account))}">${escapeHtml(account.name)} ${escapeHtml(account.email)}</button>`,
      )
      .join('');
    const another = new URLSearchParams({
      client_id: wanted.clientId,
      origin: wanted.origin,
      channel: wanted.channel,
      select_by: wanted.selectBy,
      nonce: wanted.nonce,
    });
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

  /**
   * One Tap's prompt: skipped when it cannot show (a client or origin Google refuses, the cool-down, no Google
   * session in this browser) [MOMENTS, UX], the only account signed in by auto sign-in, or the prompt itself.
   */
  private oneTap(wanted: TokenRequest): string {
    const skip = (cause: SkipCause) =>
      page('Sign in with Google', '', postToPage(wanted.origin, { channel: wanted.channel, type: 'skipped', cause }));
    const problem = problemWith(wanted.clientId, wanted.origin);
    if (problem) return skip(problem);
    if (Date.now() < this.suppressedUntil) return skip('cooldown');
    if (this.accounts.length === 0) return skip('no_session');
    const [only] = this.accounts;
    const displayed = postToPage(wanted.origin, { channel: wanted.channel, type: 'displayed' });
    if (wanted.selectBy === 'fedcm_auto' && this.accounts.length === 1 && only) {
      return page('Sign in with Google', '<p>Signing you in…</p>', `${displayed}location.replace(${JSON.stringify(this.issueLink(wanted, only))});`);
    }
    const host = escapeHtml(new URL(wanted.origin).host);
    const close = `/gsi/iframe/close?${new URLSearchParams({ origin: wanted.origin, channel: wanted.channel }).toString()}`;
    const buttons = this.accounts
      .map(
        (account) =>
          `<button type="button" data-href="${escapeHtml(this.issueLink(wanted, account))}">Continue as ${escapeHtml(account.name.split(' ')[0] ?? account.name)} <small>${escapeHtml(account.email)}</small></button>`,
      )
      .join('');
    return page(
      'Sign in with Google',
      `<h1 style="font-size:16px">Sign in to ${host} with google.com</h1>
<button type="button" aria-label="Close" data-href="${escapeHtml(close)}" style="position:absolute;top:8px;right:8px;width:auto">×</button>${buttons}`,
      `${displayed}document.querySelectorAll('button[data-href]').forEach(function(b){b.addEventListener('click',function(){location.href=b.dataset.href;});});`,
    );
  }

  private async idToken(wanted: TokenRequest, account: GoogleAccount): Promise<string> {
    const fault = this.nextTokenFault;
    this.nextTokenFault = null;
    const issuedAt = Math.floor(Date.now() / 1000) - (fault === 'expired' ? 2 * 60 * 60 : 0);
    const aud = fault === 'wrong-audience' ? 'another-project.apps.googleusercontent.com' : wanted.clientId;
    const answer = await fetch(`${API_URL}/__test/google/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ aud, email: account.email, name: account.name, issuedAt, nonce: wanted.nonce }),
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

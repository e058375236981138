/**
 * A stand-in for Cloudflare Turnstile, installed on a page's or context's routes in place of
 * challenges.cloudflare.com. It is a specification of what Cloudflare documents, as @marsidev/react-turnstile uses it;
 * each behaviour names its source:
 * - [rendering] "Client-side rendering", https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/
 * - [configurations] "Widget configurations",
 *   https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/widget-configurations/
 * - [errors] "Client-side errors", https://developers.cloudflare.com/turnstile/troubleshooting/client-side-errors/
 * - [error codes] "Error codes", https://developers.cloudflare.com/turnstile/troubleshooting/client-side-errors/error-codes/
 * - [validate] "Validate the token", https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 *
 * - api.js calls the function named by its `onload` query parameter once `window.turnstile` is ready; with
 *   `render=explicit` it renders nothing by itself, otherwise every `.cf-turnstile` element [rendering: "Implicit
 *   rendering", "Explicit rendering"].
 * - `turnstile.render(container, options)`: a widget iframe from challenges.cloudflare.com (300×65 for `normal`,
 *   150×140 for `compact`, full width for `flexible` [configurations: "Widget sizes"]) plus the hidden
 *   `cf-turnstile-response` input (`response-field`, `response-field-name`) [configurations: "Form integration"]; a
 *   missing sitekey throws. Returns the widget id. `reset(id)`, `remove(id)`, `getResponse(id)`, `isExpired(id)`,
 *   `execute(container)`, `ready(fn)` [rendering: "Widget lifecycle management"].
 * - A sitekey or hostname the widget is not set up for fails with 110100 or 110200; an `action` longer than 32 or a
 *   `cData` longer than 255 characters, or either with characters outside `A-Za-z0-9_-`, fails with 110420 or 110430
 *   [configurations: "Complete configuration reference", `action`, `cData`; error codes].
 * - Callbacks [configurations: "Callback configuration"]: `callback(token)` on success; `error-callback(code)` on a
 *   failure: with none set Turnstile throws, and when it returns a falsy value Turnstile logs the code as a warning
 *   [errors: "Error handling"]; `expired-callback(token)` when the token expires; `timeout-callback()` when an
 *   interactive challenge is left unsolved; `before-interactive-callback()` as it becomes interactive.
 * - `retry: auto` (the default): after a failure the widget tries again every `retry-interval` (8000 ms by default),
 *   calling `error-callback` again on each failed try [errors: "Retry"; configurations: "Retry behavior"]. Only the
 *   families the error-code table marks "Retry: Yes" are retried here; the others stay failed [error codes].
 * - A token is single-use and expires after 300 seconds [configurations: "Callback configuration"]; then
 *   `expired-callback`, and with `refresh-expired: auto` (the default) a fresh challenge [configurations: "Refresh
 *   behavior", `refresh-expired`]. After a timeout, `refresh-timeout: auto` (the default) offers a fresh one
 *   [configurations: `refresh-timeout`].
 * - The token carries the widget's `action` and `cData` back to Siteverify, with the hostname it was solved on
 *   [validate: `action`, `cdata`, `hostname`] (./turnstileTokens.ts).
 *
 * What each widget does is the next outcome the test queued (`pass` when none is): solved without interaction, an
 * interactive check the visitor ticks, a failure with a client-side error code, a challenge left unsolved until it
 * times out, or a token handed over after its 300 seconds ran out. Tokens are minted with the widget's secret key, so
 * only the tokens this stand-in issued pass the test API's Siteverify.
 *
 * Not modelled (docs/providers.md, "Cloudflare Turnstile"): `refresh-expired`/`refresh-timeout` set to `manual`
 * (the visitor's refresh link), `execution: execute`, `appearance`, invisible and non-interactive widget modes,
 * `unsupported-callback`, Private Access Tokens, and the real challenge's signals.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import settings from '../settings.json' with { type: 'json' };
import { escapeHtml, htmlDocument } from './page';
import { issueToken, TOKEN_LIFETIME_SECONDS } from './turnstileTokens';

const TURNSTILE_API_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';
const CLOUDFLARE = 'https://challenges.cloudflare.com';
const WIDGET_PATH = '/cdn-cgi/challenge-platform/turnstile/widget';
const SOLVE_PATH = '/cdn-cgi/challenge-platform/turnstile/solve';
const MESSAGE_SOURCE = 'turnstile-standin';
/** The hostnames the widget's site key is set up for in the (stood-in) Cloudflare dashboard. */
const ALLOWED_HOSTNAMES = ['127.0.0.1', 'localhost'];
/** [configurations: `action`, `cData`] up to 32 and 255 of `A-Za-z0-9_-`. */
const ACTION_PATTERN = /^[A-Za-z0-9_-]{0,32}$/;
const CDATA_PATTERN = /^[A-Za-z0-9_-]{0,255}$/;
/** [error codes] the families marked "Retry: Yes": 102, 103, 104, 106, 11060*, 300, 600. */
const RETRIED_CODE = '^(102|103|104|106|300|600)\\d{3}$|^11060\\d$';
/** The title Cloudflare gives its widget iframe. */
export const WIDGET_TITLE = 'Widget containing a Cloudflare security challenge';

export type TurnstileOutcome =
  | { kind: 'pass' }
  | { kind: 'interactive' }
  /** A client-side error code from Cloudflare's list, such as 600010 (a challenge failure) or 110200 (unknown domain). */
  | { kind: 'error'; code: string }
  /** An interactive challenge nobody solves: Turnstile reports the timeout after `afterMs`. */
  | { kind: 'timeout'; afterMs: number }
  /** Solved, but the token is past its lifetime by the time anyone checks it. */
  | { kind: 'expired-token' };

interface WidgetMessage {
  source: string;
  widget: string;
  type: 'interactive' | 'complete' | 'fail' | 'timeout';
  token?: string;
  code?: string;
}

// ---------------------------------------------------------------------------------------------------
// api.js, as the page runs it (serialized: it must not close over anything of this module)
// ---------------------------------------------------------------------------------------------------

type Callback = (...args: string[]) => unknown;
interface WidgetOptions {
  sitekey?: string;
  theme?: string;
  language?: string;
  size?: string;
  action?: string;
  cData?: string;
  retry?: string;
  'retry-interval'?: number;
  'refresh-expired'?: string;
  'refresh-timeout'?: string;
  'response-field'?: boolean;
  'response-field-name'?: string;
  callback?: Callback;
  'error-callback'?: Callback;
  'expired-callback'?: Callback;
  'timeout-callback'?: Callback;
  'before-interactive-callback'?: Callback;
  'after-interactive-callback'?: Callback;
}

function turnstileApi(
  cloudflare: string,
  widgetPath: string,
  messageSource: string,
  tokenLifetimeMs: number,
  widgetTitle: string,
  retriedCode: string,
): void {
  const retried = new RegExp(retriedCode);
  interface Widget {
    id: string;
    wrapper: HTMLElement;
    frame: HTMLIFrameElement;
    input: HTMLInputElement | null;
    options: WidgetOptions;
    token: string;
    expired: boolean;
    timers: Array<ReturnType<typeof setTimeout>>;
  }
  const widgets = new Map<string, Widget>();
  // What the widgets reported, for the tests to read.
  const log: Array<{ widget: string; event: string; detail: string | null }> = [];
  (window as unknown as { __turnstileEvents: typeof log }).__turnstileEvents = log;
  const script = document.currentScript as HTMLScriptElement | null;
  const query = new URL(script?.src ?? location.href).searchParams;

  function call(widget: Widget, name: keyof WidgetOptions, ...args: string[]): unknown {
    log.push({ widget: widget.id, event: name, detail: args[0] ?? null });
    const callback = widget.options[name];
    return typeof callback === 'function' ? (callback as Callback)(...args) : undefined;
  }

  function load(widget: Widget) {
    widget.timers.forEach(clearTimeout);
    widget.timers = [];
    widget.token = '';
    widget.expired = false;
    if (widget.input) widget.input.value = '';
    const { options } = widget;
    const params = new URLSearchParams({
      widget: widget.id,
      sitekey: options.sitekey ?? '',
      theme: options.theme ?? 'auto',
      language: options.language ?? 'auto',
      action: options.action ?? '',
      cdata: options.cData ?? '',
      origin: location.origin,
      nonce: Math.random().toString(36).slice(2),
    });
    widget.frame.src = `${cloudflare}${widgetPath}?${params.toString()}`;
  }

  function resolve(container: string | HTMLElement): HTMLElement {
    const element = typeof container === 'string' ? document.querySelector<HTMLElement>(container) : container;
    if (!element) throw new Error('[Cloudflare Turnstile] Unable to find a container for the widget.');
    return element;
  }

  function find(id?: string): Widget | undefined {
    return id === undefined ? widgets.values().next().value : widgets.get(id);
  }

  window.addEventListener('message', (event: MessageEvent<WidgetMessage>) => {
    const data = event.data;
    if (event.origin !== cloudflare || typeof data !== 'object' || data === null || data.source !== messageSource) return;
    const widget = widgets.get(data.widget);
    if (!widget || event.source !== widget.frame.contentWindow) return;
    const { options } = widget;
    if (data.type === 'interactive') {
      call(widget, 'before-interactive-callback');
    } else if (data.type === 'complete' && data.token) {
      const token = data.token;
      widget.token = token;
      if (widget.input) widget.input.value = token;
      call(widget, 'callback', token);
      // [configurations] the token expires after 300 s: `expired-callback`, then with `refresh-expired: auto` a fresh one.
      widget.timers.push(
        setTimeout(() => {
          widget.expired = true;
          call(widget, 'expired-callback', token);
          if ((options['refresh-expired'] ?? 'auto') === 'auto') load(widget);
        }, tokenLifetimeMs),
      );
    } else if (data.type === 'fail') {
      const code = data.code ?? '600010';
      // [errors: "Retry"] with `retry: auto` the widget tries again every `retry-interval`, for the families the
      // error-code table says a retry can fix.
      if ((options.retry ?? 'auto') === 'auto' && retried.test(code))
        widget.timers.push(setTimeout(() => widgets.has(widget.id) && load(widget), options['retry-interval'] ?? 8000));
      // With no error callback Turnstile throws; a falsy answer from one gets the code logged as a warning.
      if (!options['error-callback']) throw new Error(`[Cloudflare Turnstile] Error: ${code}.`);
      if (!call(widget, 'error-callback', code)) console.warn(`[Cloudflare Turnstile] Error: ${code}.`);
    } else if (data.type === 'timeout') {
      // [configurations: `refresh-timeout`] `auto` offers a fresh challenge at once.
      call(widget, 'timeout-callback');
      if ((options['refresh-timeout'] ?? 'auto') === 'auto') load(widget);
    }
  });

  const turnstile = {
    render(container: string | HTMLElement, options: WidgetOptions = {}): string {
      const element = resolve(container);
      if (typeof options.sitekey !== 'string' || options.sitekey === '') {
        throw new Error('[Cloudflare Turnstile] Invalid or missing type for parameter "sitekey", expected "string".');
      }
      const id = `cf-chl-widget-${Math.random().toString(36).slice(2, 7)}`;
      const wrapper = document.createElement('div');
      const frame = document.createElement('iframe');
      frame.id = `${id}`;
      frame.title = widgetTitle;
      const [width, height] = options.size === 'compact' ? [150, 140] : [300, 65];
      Object.assign(frame.style, {
        width: options.size === 'flexible' ? '100%' : `${width}px`,
        height: `${height}px`,
        border: '0',
        overflow: 'hidden',
      });
      wrapper.append(frame);
      let input: HTMLInputElement | null = null;
      if (options['response-field'] !== false) {
        input = document.createElement('input');
        input.type = 'hidden';
        input.name = options['response-field-name'] ?? 'cf-turnstile-response';
        input.id = `${id}_response`;
        wrapper.append(input);
      }
      element.append(wrapper);
      const widget: Widget = { id, wrapper, frame, input, options, token: '', expired: false, timers: [] };
      widgets.set(id, widget);
      load(widget);
      return id;
    },
    reset(id?: string) {
      const widget = find(id);
      if (widget) load(widget);
    },
    remove(id?: string) {
      const widget = find(id);
      if (!widget) return;
      widget.timers.forEach(clearTimeout);
      widget.wrapper.remove();
      widgets.delete(widget.id);
    },
    getResponse(id?: string): string | undefined {
      return find(id)?.token || undefined;
    },
    isExpired(id?: string): boolean {
      return find(id)?.expired ?? false;
    },
    execute(container: string | HTMLElement, options?: WidgetOptions) {
      const element = resolve(container);
      const known = [...widgets.values()].find((widget) => element.contains(widget.wrapper));
      if (known) load(known);
      else turnstile.render(element, options);
    },
    ready(callback: () => void) {
      callback();
    },
  };
  (window as unknown as { turnstile: typeof turnstile }).turnstile = turnstile;

  if (query.get('render') !== 'explicit') {
    document.querySelectorAll<HTMLElement>('.cf-turnstile').forEach((element) => {
      turnstile.render(element, { sitekey: element.dataset.sitekey ?? '', theme: element.dataset.theme ?? 'auto' });
    });
  }
  const onload = query.get('onload');
  const ready = onload ? (window as unknown as Record<string, unknown>)[onload] : undefined;
  if (typeof ready === 'function') setTimeout(() => (ready as () => void)(), 0);
}

// ---------------------------------------------------------------------------------------------------
// The widget's frame, served from challenges.cloudflare.com
// ---------------------------------------------------------------------------------------------------

const FRAME_STYLE =
  'body{margin:0;font:14px sans-serif;display:flex;align-items:center;gap:8px;height:63px;padding:0 12px;border:1px solid #ccc;box-sizing:border-box}';

function frame(body: string, script: string): string {
  return htmlDocument('Cloudflare', body, { script, style: FRAME_STYLE });
}

export class TurnstileStandIn {
  private readonly outcomes: TurnstileOutcome[] = [];
  /** Every token the stand-in handed to a page. */
  readonly issued: string[] = [];

  /** What the next widgets do, in order; once the queue is empty each widget passes. */
  queue(...outcomes: TurnstileOutcome[]): this {
    this.outcomes.push(...outcomes);
    return this;
  }

  /** api.js's source, as Cloudflare serves it at TURNSTILE_API_URL. */
  apiScript(): string {
    const args = [CLOUDFLARE, WIDGET_PATH, MESSAGE_SOURCE, TOKEN_LIFETIME_SECONDS * 1000, WIDGET_TITLE, RETRIED_CODE]
      .map((value) => JSON.stringify(value))
      .join(', ');
    return `(${turnstileApi.toString()})(${args});`;
  }

  async install(target: Page | BrowserContext): Promise<void> {
    await target.route(
      (url) =>
        url.origin === CLOUDFLARE &&
        (url.pathname === new URL(TURNSTILE_API_URL).pathname || url.pathname.startsWith('/cdn-cgi/challenge-platform/turnstile/')),
      (route) => this.answer(route),
    );
  }

  private answer(route: Route): Promise<void> {
    const url = new URL(route.request().url());
    const param = (name: string) => url.searchParams.get(name) ?? '';
    const html = (body: string) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    const post = (message: Omit<WidgetMessage, 'source' | 'widget'>) =>
      `parent.postMessage(${JSON.stringify({ ...message, source: MESSAGE_SOURCE, widget: param('widget') })}, ${JSON.stringify(param('origin'))});`;

    if (url.pathname === new URL(TURNSTILE_API_URL).pathname) {
      return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: this.apiScript() });
    }
    if (url.pathname === SOLVE_PATH) {
      const issuedAt = Math.floor(Date.now() / 1000) - (param('expired') === '1' ? TOKEN_LIFETIME_SECONDS + 1 : 0);
      const token = issueToken(settings.providers.turnstileSecretKey, {
        sitekey: param('sitekey'),
        hostname: new URL(param('origin')).hostname,
        action: param('action'),
        cdata: param('cdata'),
        issuedAt,
      });
      this.issued.push(token);
      return html(frame('<span role="img" aria-label="Success">✔</span> <span>Success!</span>', post({ type: 'complete', token })));
    }
    if (url.pathname !== WIDGET_PATH) return route.fallback();

    // Cloudflare refuses a widget whose site key or hostname it does not know, or whose action or cData is not of the
    // documented form, whatever the test queued [error codes: 110100, 110200, 110420, 110430].
    const refuse = (code: string) => html(frame(`<span>Error</span> <small>${code}</small>`, post({ type: 'fail', code })));
    if (param('sitekey') !== settings.providers.turnstileSiteKey) return refuse('110100');
    if (!ALLOWED_HOSTNAMES.includes(new URL(param('origin')).hostname)) return refuse('110200');
    if (!ACTION_PATTERN.test(param('action'))) return refuse('110420');
    if (!CDATA_PATTERN.test(param('cdata'))) return refuse('110430');

    const outcome = this.outcomes.shift() ?? { kind: 'pass' };
    const solve = new URL(SOLVE_PATH, CLOUDFLARE);
    for (const name of ['widget', 'sitekey', 'origin', 'action', 'cdata']) solve.searchParams.set(name, param(name));
    if (outcome.kind === 'expired-token') solve.searchParams.set('expired', '1');
    const goSolve = `location.replace(${JSON.stringify(solve.pathname + solve.search)});`;
    const checkbox = `<label><input type="checkbox" id="check"> Verify you are human</label>`;
    const onTick = `document.getElementById('check').addEventListener('change',function(){${goSolve}});`;
    switch (outcome.kind) {
      case 'pass':
      case 'expired-token':
        return html(frame('<span>Verifying…</span>', `setTimeout(function(){${goSolve}},150);`));
      case 'interactive':
        return html(frame(checkbox, post({ type: 'interactive' }) + onTick));
      case 'timeout':
        return html(
          frame(
            checkbox,
            `${post({ type: 'interactive' })}${onTick}setTimeout(function(){document.getElementById('check').disabled=true;${post({ type: 'timeout' })}},${outcome.afterMs});`,
          ),
        );
      case 'error':
        return html(frame(`<span>Error</span> <small>${escapeHtml(outcome.code)}</small>`, post({ type: 'fail', code: outcome.code })));
    }
  }
}

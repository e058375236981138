/**
 * Trusted Types in the frames PayPal's SDK draws its placeholder buttons into.
 *
 * PayPal's SDK is built on zoid (github.com/krakenjs/zoid). Rendering `paypal.Buttons`, zoid creates an iframe named
 * `__zoid_prerender_frame__<component>_<uid>__` with no `src` (src/parent/parent.js, `openPrerenderFrame`), through
 * belter's `iframe()`, which adds its own `load` listener to the frame before the frame is inserted (belter,
 * src/dom.js, `iframe` and `awaitFrameLoad`). Once that listener has fired, zoid renders the component's prerender
 * template with the frame's own document and moves it in (`prerender`, `writeElementToWindow`). PayPal's template
 * (paypal-checkout-components, src/zoid/buttons/prerender.jsx and src/ui/buttons/) is rendered by jsx-pragmatic,
 * which sets `innerHTML` on its `<style>` elements and `text` on its `<script>` (src/renderers/dom.js).
 *
 * That frame is an about:blank document of this origin: it inherits the page's Content-Security-Policy, Trusted
 * Types included, but not the page's `default` policy, which belongs to the page's window alone (each window has its
 * own `trustedTypes` factory). Its sinks then refuse PayPal's plain strings and the render throws.
 *
 * So a `load` listener on this document, in the capture phase, gives each such frame a `default` policy of its own.
 * A capture listener on an ancestor runs before the listeners on the frame itself in the same dispatch (DOM
 * Standard, "dispatch"), so the policy exists before zoid's listener lets it write, whenever the browser fires the
 * event (Chromium fires it during the insertion, HTML's "process the iframe attributes" for an initial about:blank).
 *
 * The frame's policy passes HTML as it is, except markup that brings in a document or a resource by parsing alone, out
 * of Trusted Types' reach: a frame (its `srcdoc` is parsed, not set through a sink, so a script tag in it would run
 * wherever `script-src` allows), a plugin, a `<base>`, a `<meta>` (a refresh), a `<link>`, a `<form>`. PayPal's
 * template sets `innerHTML` only on its `<style>` elements (CSS text), so it needs none of them. What passes is still
 * bound by the page's CSP, which the frame inherits (`script-src` has no 'unsafe-inline': no inline script or handler
 * runs there, and no `javascript:` URL). Script text becomes nothing: PayPal's prerender script could not run under
 * that CSP anyway, and an empty script element is never even considered. No script URL passes (the policy has no
 * rule for them).
 */

/** Markup naming an element that loads or navigates by being parsed, or a `srcdoc`: refused in the frame. */
const LOADING_MARKUP = /<\s*(?:i?frame|frameset|object|embed|applet|portal|base|meta|link|form)\b|\bsrcdoc\s*=/i;

/** zoid's prerender frames, whatever the component (the buttons; PayPal's checkout when it opens in a frame). */
const PRERENDER_FRAME_PREFIX = '__zoid_prerender_frame__';

/**
 * The rules of the frame's `default` policy: HTML as it is unless it would load something by being parsed (null: the
 * sink refuses it), no script, no script URL.
 */
export const PRERENDER_FRAME_RULES = {
  createHTML: (value: string): string | null => (LOADING_MARKUP.test(value) ? null : value),
  createScript: (): string => '',
} as const;

/** The part of the Trusted Types API used here (TypeScript's DOM types do not describe it). */
interface PolicyFactory {
  defaultPolicy?: unknown;
  createPolicy?: (name: string, rules: typeof PRERENDER_FRAME_RULES) => unknown;
}

/** The frame's policy factory when the frame is one of zoid's prerender frames on its initial about:blank document. */
function prerenderFactoryOf(target: EventTarget | null): PolicyFactory | null {
  if (!(target instanceof HTMLIFrameElement)) return null;
  if (!target.name.startsWith(PRERENDER_FRAME_PREFIX) || target.hasAttribute('src')) return null;
  // Same origin by construction; anything else (a navigated frame, inline content) throws or is not about:blank.
  let url: string | undefined;
  try {
    url = target.contentDocument?.URL;
  } catch {
    return null;
  }
  if (url !== 'about:blank') return null;
  const factory: unknown = target.contentWindow ? Reflect.get(target.contentWindow, 'trustedTypes') : undefined;
  return factory && typeof factory === 'object' ? (factory as PolicyFactory) : null;
}

/** Gives a loading prerender frame its `default` policy, unless it has one. */
export function onFrameLoad(event: Event): void {
  const factory = prerenderFactoryOf(event.target);
  if (!factory || typeof factory.createPolicy !== 'function' || factory.defaultPolicy) return;
  try {
    factory.createPolicy('default', PRERENDER_FRAME_RULES);
  } catch {
    // The page's CSP refused it: zoid's render then fails as it would without this, and PayPal's onError says so.
  }
}

let installed = false;

/** Watches for zoid's prerender frames from now on (once per page; before PayPal's SDK is added). */
export function guardPrerenderFrames(doc: Document = document): void {
  if (installed) return;
  installed = true;
  doc.addEventListener('load', onFrameLoad, true);
}

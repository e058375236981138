/**
 * A stand-in for PayPal's JS SDK v5 (https://www.paypal.com/sdk/js), its buttons frame and its checkout window, on
 * PayPal's real addresses. It runs the library PayPal's SDK is built on, zoid (@krakenjs/zoid, with jsx-pragmatic
 * for its templates, as github.com/paypal/paypal-checkout-components does), so the page gets what PayPal's SDK does
 * to it: a container of PayPal's shape in the page, PayPal's buttons in a frame of www.paypal.com, and, first,
 * placeholder buttons drawn into an about:blank "prerender" frame of the page's own origin, whose template sets
 * `innerHTML` on a `<style>` and `text` on a `<script>` (paypal-checkout-components src/zoid/buttons/prerender.jsx,
 * src/ui/buttons/style.jsx and script.jsx). Under the page's enforced Trusted Types, that frame is where PayPal's
 * render throws unless the page gave the frame a policy (src/services/paypal/prerenderFramePolicy.ts).
 *
 * What it models, each as PayPal documents or its source shows:
 * - The script requires `client-id` in its URL and sets `window.paypal` ("JavaScript SDK script configuration",
 *   https://developer.paypal.com/sdk/js/v5/configuration/); `currency` (default USD) is the currency of the
 *   transaction; `disable-funding` leaves funding sources out.
 * - `paypal.Buttons({ createOrder, onApprove, onCancel, onError })` returns an instance whose `render(container)`
 *   resolves once the buttons frame is up ("JavaScript SDK v5 reference", https://developer.paypal.com/sdk/js/v5/reference/).
 * - The buttons frame checks the order's currency against the SDK's and fails with PayPal's message otherwise
 *   (paypal-smart-payment-buttons src/button/validation.js, validateOrder: "Expected currency from order api call to
 *   be USD, got EUR").
 * - A click calls createOrder, which must give an order id, and opens PayPal's window at `/checkoutnow?token=<id>`.
 * - An approval in the window calls `onApprove({ orderID, payerID, paymentSource }, actions)`; PayPal keeps its
 *   window open until onApprove's promise settles, then closes it (smart-payment-buttons
 *   src/payment-flows/checkout.js: `onApprove(...).finally(() => close())`).
 * - `actions.restart()` sends the buyer back to choose another funding source, for the same order ("Handle funding
 *   failures", https://developer.paypal.com/docs/checkout/standard/customize/handle-funding-failures/: "restart
 *   the payment so the payer can select a different payment option"); its promise does not resolve (checkout.js,
 *   `restart`), and the next approval calls onApprove again.
 * - Cancel in the window, or a window closed before approving, calls onCancel (checkout.js, onCancel and onClose);
 *   an error calls onError.
 *
 * The window (Node side) checks the order id against the orders the platform created at PayPal (the test API's
 * record) and offers PayPal's funding choices: Pay Now (PayPal balance), a card PayPal declines at the capture
 * (as PayPal's negative testing does), Cancel, and an error. An approval is recorded at the API as PayPal's servers
 * would; the app then captures the order through its own API.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Route } from '@playwright/test';
import { readProviderCheckout, toDecimal, type ProviderCheckoutRecord } from '../server/merchant';
import { escapeHtml, fulfillPage, htmlDocument, postButton, standinPage } from './page';

const PAYPAL_ORIGIN = 'https://www.paypal.com';
const SDK_PATH = '/sdk/js';
const BUTTONS_PATH = '/smart/buttons';
/** Where the buttons frame reads an order (PayPal's supplemental order info, which validateOrder reads). */
const ORDER_INFO_PATH = '/smart/api/order/';
const CHECKOUT_PATH = '/checkoutnow';
const APPROVE_PATH = '/checkoutnow/approve';
/** PayPal's logo CDN, which the prerendered buttons show (@paypal/sdk-logos, CDN_BASE_URL). */
const LOGO_ORIGIN = 'https://www.paypalobjects.com';
const LOGO_PATH = '/js-sdk-logos/2.5.0/paypal-blue.svg';
/** What the window posts to the buttons frame that opened it. */
const MESSAGE_SOURCE = 'paypal-checkout-standin';

const require = createRequire(import.meta.url);
/** A UMD bundle as a variable of one script, as PayPal's SDK bundles its libraries (no global of their own). */
function bundled(name: string, file: string): string {
  const source = readFileSync(require.resolve(file), 'utf8');
  return `var ${name} = (function () { var module = { exports: {} }; var exports = module.exports;\n${source}\n; return module.exports; })();`;
}
const LIBRARIES = `${bundled('zoid', '@krakenjs/zoid/dist/zoid.js')}\n${bundled('pragmatic', '@krakenjs/jsx-pragmatic/dist/jsx-pragmatic.js')}`;

/**
 * The buttons component, the same on both sides of zoid (PayPal's getButtonsComponent, src/zoid/buttons/component.jsx):
 * its tag, its frame's URL on PayPal's domain, its size, and the props the page hands over. The page's side adds
 * PayPal's container and prerender templates.
 */
const COMPONENT = `function buttonsComponent(templates) {
  return zoid.create(Object.assign({
    tag: 'paypal-buttons',
    url: ${JSON.stringify(PAYPAL_ORIGIN + BUTTONS_PATH)},
    domain: ${JSON.stringify(PAYPAL_ORIGIN)},
    dimensions: { width: '100%', height: '45px' },
    autoResize: { width: false, height: true },
    props: {
      createOrder: { type: 'function', required: false },
      onApprove: { type: 'function', required: false },
      onCancel: { type: 'function', required: false },
      style: { type: 'object', required: false, default: function () { return {}; } },
      clientID: { type: 'string', queryParam: true },
      currency: { type: 'string', queryParam: true },
      disableFunding: { type: 'string', queryParam: 'disable-funding', required: false }
    }
  }, templates || {}));
}`;

/** The page's side: the SDK's script. Built from DOM calls and zoid only; the page enforces Trusted Types. */
const SDK = `(function () {
  var script = document.currentScript;
  var query = new URL(script.src).searchParams;
  if (!query.get('client-id')) throw new Error('SDK Validation error: client-id not recognized for either production or sandbox');
  ${LIBRARIES}
  var node = pragmatic.node;
  var dom = pragmatic.dom;
  ${COMPONENT}

  // PayPal's buttons UI (src/ui/buttons/style.jsx): its style sheet, set as innerHTML of a <style>.
  var BUTTON_STYLE = '.paypal-button { display: block; height: 45px; border-radius: 4px; background: #ffc439; cursor: pointer; }' +
    ' .paypal-button img { height: 24px; margin: 10px auto; display: block; }';
  // PayPal's buttons script (src/ui/buttons/script.jsx): run as an inline <script>, set through its innerHTML.
  var BUTTON_SCRIPT = '(function () { document.documentElement.className += " dom-ready"; })()';

  // PrerenderedButtons (src/zoid/buttons/prerender.jsx) rendered in the prerender frame's own document.
  function prerenderTemplate(options) {
    var nonce = options.props.nonce;
    return node('html', null,
      node('body', null,
        node('div', { class: 'paypal-buttons paypal-buttons-context-iframe paypal-buttons-label-paypal paypal-buttons-layout-vertical' },
          node('style', { nonce: nonce, innerHTML: BUTTON_STYLE }),
          node('div', { class: 'paypal-button paypal-button-number-0', role: 'link', 'aria-label': 'PayPal', 'data-funding-source': 'paypal', tabindex: '0' },
            // @paypal/sdk-logos renders its logos from its CDN (SVG with cdnUrl).
            node('img', { class: 'paypal-logo', src: ${JSON.stringify(LOGO_ORIGIN + LOGO_PATH)}, alt: '', 'aria-label': 'PayPal' })),
          node('script', { nonce: nonce, innerHTML: BUTTON_SCRIPT })))
    ).render(dom({ doc: options.doc }));
  }

  // containerTemplate (src/zoid/buttons/container.jsx), in the page's document: its style sheet as text, the buttons
  // frame under the prerender frame, which goes once the buttons have rendered.
  function containerTemplate(options) {
    var uid = options.uid, frame = options.frame, prerenderFrame = options.prerenderFrame, event = options.event;
    if (!frame || !prerenderFrame) return;
    frame.classList.add('component-frame', 'invisible');
    prerenderFrame.classList.add('prerender-frame', 'visible');
    event.on(zoid.EVENT.RENDERED, function () {
      prerenderFrame.classList.remove('visible');
      prerenderFrame.classList.add('invisible');
      frame.classList.remove('invisible');
      frame.classList.add('visible');
      setTimeout(function () { if (prerenderFrame.parentNode) prerenderFrame.parentNode.removeChild(prerenderFrame); }, 1000);
    });
    return node('div', { id: uid, class: options.tag + ' ' + options.tag + '-context-' + options.context },
      node('style', { nonce: options.props.nonce },
        '#' + uid + ' { position: relative; display: inline-block; width: 100%; min-height: 45px; min-width: 150px; font-size: 0; }' +
        ' #' + uid + ' > iframe { position: absolute; top: 0; left: 0; width: 100%; height: 100%; }' +
        ' #' + uid + ' > iframe.component-frame { z-index: 100; }' +
        ' #' + uid + ' > iframe.prerender-frame { transition: opacity .2s linear; z-index: 200; }' +
        ' #' + uid + ' > iframe.visible { opacity: 1; }' +
        ' #' + uid + ' > iframe.invisible { opacity: 0; pointer-events: none; }'),
      node('node', { el: frame }),
      node('node', { el: prerenderFrame }),
      node('div', { id: 'smart-menu', class: 'smart-menu' })
    ).render(dom({ doc: options.doc }));
  }

  var Buttons = buttonsComponent({ prerenderTemplate: prerenderTemplate, containerTemplate: containerTemplate });
  window.paypal = {
    version: 'standin',
    Buttons: function (props) {
      return Buttons(Object.assign({}, props, {
        clientID: query.get('client-id'),
        currency: query.get('currency') || 'USD',
        disableFunding: query.get('disable-funding') || undefined
      }));
    }
  };
})();`;

/** The buttons frame's script: PayPal's button, and the checkout in PayPal's window for the page's order. */
const BUTTONS_SCRIPT = `${LIBRARIES}
${COMPONENT}
buttonsComponent();
(function () {
  var ORIGIN = ${JSON.stringify(PAYPAL_ORIGIN)};
  var SOURCE = ${JSON.stringify(MESSAGE_SOURCE)};
  var xprops = window.xprops;
  var button = document.getElementById('paypal-button');
  var popup = null;
  var watch = null;
  var orderID = null;
  var approved = false;

  function stop() {
    if (watch) clearInterval(watch);
    watch = null;
    window.removeEventListener('message', onMessage);
  }
  function closeWindow() {
    stop();
    if (popup && !popup.closed) popup.close();
    popup = null;
  }
  function fail(error) {
    closeWindow();
    xprops.onError(error instanceof Error ? error : new Error(String(error)));
  }
  function checkout() {
    approved = false;
    popup.location.href = ORIGIN + '${CHECKOUT_PATH}?token=' + encodeURIComponent(orderID);
  }
  // actions.restart: back to PayPal's choice of funding source, same order; its promise never resolves.
  function restart() {
    if (popup && !popup.closed) checkout();
    return new Promise(function () {});
  }
  function onMessage(event) {
    if (event.origin !== ORIGIN || event.source !== popup || !event.data || event.data.source !== SOURCE) return;
    if (event.data.orderID !== orderID) return;
    if (event.data.outcome === 'approved') {
      approved = true;
      Promise.resolve(xprops.onApprove({ orderID: orderID, payerID: event.data.payerID, paymentSource: event.data.paymentSource }, { restart: restart }))
        .then(closeWindow, fail);
    } else if (event.data.outcome === 'cancelled') {
      closeWindow();
      if (xprops.onCancel) xprops.onCancel({ orderID: orderID });
    } else {
      fail(new Error(event.data.message || 'PayPal checkout failed'));
    }
  }
  // The frame going (the page took PayPal's buttons down) closes PayPal's window with it, as belter's popup() does
  // for the windows zoid opens (closeOnUnload: the opener's pagehide closes the popup).
  window.addEventListener('pagehide', closeWindow);
  button.addEventListener('click', function () {
    if (popup && !popup.closed) return popup.focus();
    Promise.resolve()
      .then(function () { return xprops.createOrder ? xprops.createOrder({ paymentSource: 'paypal' }, { order: {} }) : null; })
      .then(function (id) {
        if (typeof id !== 'string' || id === '') throw new Error('Expected an order id to be passed');
        orderID = id;
        return fetch(ORIGIN + '${ORDER_INFO_PATH}' + encodeURIComponent(id)).then(function (answer) { return answer.json(); });
      })
      .then(function (order) {
        var currency = xprops.currency;
        if (order.currency !== currency) {
          throw new Error('Expected currency from order api call to be ' + currency + ', got ' + order.currency + '. Please ensure you are passing currency=' + order.currency + ' to the sdk url.');
        }
        popup = window.open('about:blank', 'paypal_checkout_' + orderID, 'width=500,height=650');
        if (!popup) throw new Error('Popup blocked');
        window.addEventListener('message', onMessage);
        checkout();
        // A window closed before the buyer approved is a cancel; after an approval PayPal waits on onApprove.
        watch = setInterval(function () {
          if (popup && popup.closed && !approved) {
            stop();
            popup = null;
            if (xprops.onCancel) xprops.onCancel({ orderID: orderID });
          }
        }, 250);
      })
      .catch(fail);
  });
})();`;

const BUTTONS_PAGE = htmlDocument(
  'PayPal',
  `<div class="paypal-buttons"><button type="button" id="paypal-button" aria-label="PayPal">PayPal</button></div>`,
  {
    style:
      'body { margin: 0 } #paypal-button { width: 100%; height: 45px; border: 0; border-radius: 4px; background: #ffc439; font: 600 16px sans-serif }',
    script: BUTTONS_SCRIPT,
  },
);

/** PayPal's logo, as its CDN serves it. */
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="101" height="32"><text x="0" y="24" font-size="24" fill="#003087">PayPal</text></svg>';

/** The window's inline script: tells the buttons frame the outcome; the frame closes the window when it is done. */
function postOutcome(message: Record<string, string>): string {
  return `window.opener && window.opener.postMessage(${JSON.stringify({ source: MESSAGE_SOURCE, ...message })}, ${JSON.stringify(PAYPAL_ORIGIN)});`;
}

/** The order PayPal keeps under this id; null when it has none (another provider's checkout is none of its). */
async function readOrder(apiUrl: string, id: string): Promise<ProviderCheckoutRecord | null> {
  const record = await readProviderCheckout(apiUrl, id);
  return record?.provider === 'paypal' ? record : null;
}

/** The buyer's funding choices in the window, by the `funding` they post. */
const FUNDING = {
  balance: { paymentSource: 'paypal', declined: false },
  // A card PayPal declines when the merchant captures (PayPal's negative testing of INSTRUMENT_DECLINED).
  declinedCard: { paymentSource: 'card', declined: true },
} as const;

async function serveWindow(route: Route, apiUrl: string): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const token = url.searchParams.get('token') ?? '';
  const order = await readOrder(apiUrl, token);
  if (!order) {
    // PayPal does not know this order: the window says so and the page's onError hears of it.
    return fulfillPage(
      route,
      standinPage(
        'PayPal',
        '<p role="alert">RESOURCE_NOT_FOUND</p>',
        postOutcome({ orderID: token, outcome: 'error', message: 'RESOURCE_NOT_FOUND' }),
      ),
    );
  }
  if (request.method() === 'POST' && url.pathname === APPROVE_PATH) {
    const funding = url.searchParams.get('funding') === 'declinedCard' ? FUNDING.declinedCard : FUNDING.balance;
    const approved = await fetch(`${apiUrl}/__test/providers/paypal/orders/${encodeURIComponent(token)}/approve`, {
      method: 'POST',
      body: JSON.stringify({ fundingDeclined: funding.declined }),
    });
    const result = (await approved.json()) as { payer?: { payer_id?: string }; name?: string };
    const payerID = result.payer?.payer_id;
    const outcome: Record<string, string> =
      approved.ok && payerID
        ? { orderID: token, outcome: 'approved', payerID, paymentSource: funding.paymentSource }
        : { orderID: token, outcome: 'error', message: result.name ?? 'INTERNAL_SERVER_ERROR' };
    // PayPal's window waits, showing it is at work, until the merchant's onApprove has settled.
    return fulfillPage(route, standinPage('PayPal', '<p role="status">Processing your payment…</p>', postOutcome(outcome)));
  }
  if (request.method() === 'GET' && url.pathname === CHECKOUT_PATH) {
    const approve = (funding: keyof typeof FUNDING) => `${APPROVE_PATH}?token=${encodeURIComponent(token)}&funding=${funding}`;
    const body = `<p>Order ${escapeHtml(order.id)}</p>
      <p>Pay <strong>${escapeHtml(toDecimal(order.amount))} ${escapeHtml(order.currency)}</strong></p>
      ${postButton(approve('balance'), 'Pay Now')}
      ${postButton(approve('declinedCard'), 'Pay with card ending 0002')}
      <button type="button" id="cancel">Cancel and return to the merchant</button>
      <button type="button" id="fail">Fail with an error</button>`;
    const script = `document.getElementById('cancel').addEventListener('click', function () { ${postOutcome({ orderID: token, outcome: 'cancelled' })} });
      document.getElementById('fail').addEventListener('click', function () { ${postOutcome({ orderID: token, outcome: 'error', message: 'INTERNAL_SERVER_ERROR' })} });`;
    return fulfillPage(route, standinPage('PayPal', body, script));
  }
  return route.abort('blockedbyclient');
}

/** Serves the SDK, the buttons frame and PayPal's window on www.paypal.com, and its logos, for every page of the context. */
export async function routePaypal(context: BrowserContext, apiUrl: string): Promise<void> {
  await context.route(
    (url) => url.origin === LOGO_ORIGIN,
    (route) =>
      new URL(route.request().url()).pathname === LOGO_PATH
        ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO })
        : route.abort('blockedbyclient'),
  );
  await context.route(
    (url) => url.origin === PAYPAL_ORIGIN,
    async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === SDK_PATH) return route.fulfill({ status: 200, contentType: 'text/javascript', body: SDK });
      if (url.pathname === BUTTONS_PATH) return fulfillPage(route, BUTTONS_PAGE);
      if (url.pathname.startsWith(ORDER_INFO_PATH)) {
        const order = await readOrder(apiUrl, decodeURIComponent(url.pathname.slice(ORDER_INFO_PATH.length)));
        return order
          ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ id: order.id, currency: order.currency }) })
          : route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ name: 'RESOURCE_NOT_FOUND' }) });
      }
      if (url.pathname.startsWith(CHECKOUT_PATH)) return serveWindow(route, apiUrl);
      return route.abort('blockedbyclient');
    },
  );
}

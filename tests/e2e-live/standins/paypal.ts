/**
 * A stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js) and its checkout window, on PayPal's real
 * addresses. The SDK part does what PayPal documents for the Buttons component:
 *
 * - the script requires `client-id` in its URL and sets `window.paypal`;
 * - `paypal.Buttons({ createOrder, onApprove, onCancel, onError, style })` returns an instance with
 *   `isEligible()`, `render(container)` (a promise; the container is an element or a selector) and `close()`;
 * - a click on the rendered button calls `createOrder(data, actions)`, which must give an order id (otherwise
 *   onError gets "Expected an order id to be passed"), and opens PayPal's window at `/checkoutnow?token=<id>`;
 * - the window's outcome calls `onApprove({ orderID, payerID })`, `onCancel({ orderID })` or `onError(err)`, and
 *   the SDK closes the window once it has the outcome; a window the buyer closed without paying is a cancel.
 *
 * The window (Node side) checks the order id against the orders the platform created at PayPal (the test API's
 * record), shows Pay Now and Cancel (and, for the test's choice, an error), and on Pay Now records the buyer's
 * approval at the API, as PayPal's servers would; the app then captures the order through its own API.
 */
import type { BrowserContext, Route } from '@playwright/test';
import { readProviderCheckout, toDecimal, type ProviderCheckoutRecord } from '../server/merchant';
import { escapeHtml, fulfillPage, postButton, standinPage } from './page';

const PAYPAL_ORIGIN = 'https://www.paypal.com';
const SDK_PATH = '/sdk/js';
const CHECKOUT_PATH = '/checkoutnow';
const APPROVE_PATH = '/checkoutnow/approve';
/** What the window posts to the page that opened it. */
const MESSAGE_SOURCE = 'paypal-checkout-standin';

/** The SDK, as the browser runs it. Built from DOM calls only: the live page enforces Trusted Types. */
const SDK = `(function () {
  var script = document.currentScript;
  var query = new URL(script.src).searchParams;
  if (!query.get('client-id')) throw new Error('SDK Validation error: client-id not recognized for either production or sandbox');
  var ORIGIN = ${JSON.stringify(PAYPAL_ORIGIN)};
  var SOURCE = ${JSON.stringify(MESSAGE_SOURCE)};

  function Buttons(options) {
    options = options || {};
    var holder = null;
    var popup = null;
    var watch = null;
    var orderID = null;
    var settled = false;

    function stop() {
      if (watch) clearInterval(watch);
      watch = null;
      window.removeEventListener('message', onMessage);
    }
    function fail(error) {
      stop();
      if (typeof options.onError === 'function') options.onError(error);
      else console.error(error);
    }
    function onMessage(event) {
      if (event.origin !== ORIGIN || event.source !== popup || !event.data || event.data.source !== SOURCE) return;
      if (event.data.orderID !== orderID || settled) return;
      settled = true;
      stop();
      // The window waits for the SDK to close it: had it closed itself, the watch below could see it closed before
      // this message arrived and report a cancel.
      if (popup && !popup.closed) popup.close();
      if (event.data.outcome === 'approved') {
        Promise.resolve()
          .then(function () { return options.onApprove({ orderID: orderID, payerID: event.data.payerID, paymentSource: 'paypal' }, {}); })
          .catch(fail);
      } else if (event.data.outcome === 'cancelled') {
        if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
      } else {
        fail(new Error(event.data.message || 'PayPal checkout failed'));
      }
    }
    function start() {
      if (watch) return;
      settled = false;
      Promise.resolve()
        .then(function () { return options.createOrder ? options.createOrder({ paymentSource: 'paypal' }, { order: {} }) : null; })
        .then(function (id) {
          if (typeof id !== 'string' || id === '') throw new Error('Expected an order id to be passed');
          orderID = id;
          window.addEventListener('message', onMessage);
          popup = window.open(ORIGIN + '${CHECKOUT_PATH}?token=' + encodeURIComponent(id), 'paypal_checkout_' + id, 'width=500,height=650');
          if (!popup) throw new Error('Popup blocked');
          // PayPal reports a window closed before the buyer finished as a cancel.
          watch = setInterval(function () {
            if (popup && popup.closed && !settled) {
              settled = true;
              stop();
              if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
            }
          }, 250);
        })
        .catch(fail);
    }

    return {
      isEligible: function () { return true; },
      render: function (container) {
        var parent = typeof container === 'string' ? document.querySelector(container) : container;
        if (!parent || !parent.isConnected) return Promise.reject(new Error('Document is ready and element ' + container + ' does not exist'));
        holder = document.createElement('div');
        holder.className = 'paypal-buttons paypal-buttons-context-iframe';
        var button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('aria-label', 'PayPal');
        button.textContent = (options.style && options.style.label === 'pay' ? 'Pay with ' : '') + 'PayPal';
        button.addEventListener('click', start);
        holder.appendChild(button);
        parent.appendChild(holder);
        return Promise.resolve();
      },
      close: function () {
        stop();
        if (popup && !popup.closed) popup.close();
        if (holder) holder.remove();
        holder = null;
        return Promise.resolve();
      }
    };
  }

  window.paypal = { version: 'standin', Buttons: Buttons };
})();`;

/** The window's inline script: tells the opener the outcome; the SDK closes the window when it has it. */
function postOutcome(message: Record<string, string>): string {
  return `window.opener && window.opener.postMessage(${JSON.stringify({ source: MESSAGE_SOURCE, ...message })}, '*');`;
}

/** The order PayPal keeps under this id; null when it has none (another provider's checkout is none of its). */
async function readOrder(apiUrl: string, id: string): Promise<ProviderCheckoutRecord | null> {
  const record = await readProviderCheckout(apiUrl, id);
  return record?.provider === 'paypal' ? record : null;
}

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
    const approved = await fetch(`${apiUrl}/__test/providers/paypal/orders/${encodeURIComponent(token)}/approve`, { method: 'POST' });
    const result = (await approved.json()) as { payer?: { payer_id?: string }; name?: string };
    const payerID = result.payer?.payer_id;
    const outcome: Record<string, string> =
      approved.ok && payerID
        ? { orderID: token, outcome: 'approved', payerID }
        : { orderID: token, outcome: 'error', message: result.name ?? 'INTERNAL_SERVER_ERROR' };
    return fulfillPage(route, standinPage('PayPal', '<p>Returning to the merchant…</p>', postOutcome(outcome)));
  }
  if (request.method() === 'GET' && url.pathname === CHECKOUT_PATH) {
    const body = `<p>Order ${escapeHtml(order.id)}</p>
      <p>Pay <strong>$${escapeHtml(toDecimal(order.amount))} ${escapeHtml(order.currency)}</strong></p>
      ${postButton(`${APPROVE_PATH}?token=${encodeURIComponent(token)}`, 'Pay Now')}
      <button type="button" id="cancel">Cancel and return to the merchant</button>
      <button type="button" id="fail">Fail with an error</button>`;
    const script = `document.getElementById('cancel').addEventListener('click', function () { ${postOutcome({ orderID: token, outcome: 'cancelled' })} });
      document.getElementById('fail').addEventListener('click', function () { ${postOutcome({ orderID: token, outcome: 'error', message: 'INSTRUMENT_DECLINED' })} });`;
    return fulfillPage(route, standinPage('PayPal', body, script));
  }
  return route.abort('blockedbyclient');
}

/** Serves the SDK and PayPal's checkout window on www.paypal.com, for every page of the context. */
export async function routePaypal(context: BrowserContext, apiUrl: string): Promise<void> {
  await context.route(
    (url) => url.origin === PAYPAL_ORIGIN,
    (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === SDK_PATH) return route.fulfill({ status: 200, contentType: 'text/javascript', body: SDK });
      if (url.pathname.startsWith(CHECKOUT_PATH)) return serveWindow(route, apiUrl);
      return route.abort('blockedbyclient');
    },
  );
}

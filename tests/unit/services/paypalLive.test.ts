import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { accountChanged } from '../../../src/services/accountChange';
import { PAYPAL_BUTTONS_ID, type PaypalReport } from '../../../src/services/paypal';
import { createLivePaypal, loadPaypalSdk, PAYPAL_SDK_URL, resetPaypalSdk } from '../../../src/services/paypal/live';
import { untilOutcome } from '../waits';

interface ButtonsOptions {
  createOrder(): string | Promise<string>;
  onApprove(data: unknown, actions?: { restart?(): Promise<void> }): Promise<void>;
  onCancel(): void;
  onError(error: unknown): void;
}

/** A stand-in for PayPal's SDK: records the options and lets the test play the buyer. */
function fakeSdk() {
  const seen: { options: ButtonsOptions | null; container: HTMLElement | null; closed: boolean } = { options: null, container: null, closed: false };
  const sdk = {
    Buttons: (options: ButtonsOptions) => {
      seen.options = options;
      return {
        render: (container: HTMLElement) => {
          seen.container = container;
          return Promise.resolve();
        },
        close: () => {
          seen.closed = true;
          return Promise.resolve();
        },
      };
    },
  };
  Reflect.set(window, 'paypal', sdk);
  return seen;
}

function addContainer() {
  const element = document.createElement('div');
  element.id = PAYPAL_BUTTONS_ID;
  document.body.append(element);
  return element;
}

/** Keeps added scripts off the page (the test environment would try to fetch them) and hands them to the test. */
function captureScripts(): HTMLScriptElement[] {
  const scripts: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) if (node instanceof HTMLScriptElement) scripts.push(node);
  });
  return scripts;
}

/** Puts added scripts on the page, inert (never fetched), and hands them to the test. */
function keepScripts(): HTMLScriptElement[] {
  const scripts: HTMLScriptElement[] = [];
  const append = document.head.append.bind(document.head);
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
      if (node instanceof HTMLScriptElement) {
        node.type = 'text/plain';
        scripts.push(node);
      }
    }
    append(...nodes);
  });
  return scripts;
}

/** What PayPal's SDK (zoid) leaves on a page besides its script: frames and a global. */
function zoidLeftovers() {
  const frame = document.createElement('iframe');
  frame.name = '__zoid__paypal_buttons__uid_1';
  const holder = document.createElement('div');
  holder.id = 'zoid-paypal-buttons-uid_1';
  // Content of its own: the test DOM fetches no page for a frame.
  frame.srcdoc = '<p>PayPal</p>';
  document.body.append(frame, holder);
  Reflect.set(window, '__zoid_10_3_3__', { components: {} });
  return { frame, holder, gone: () => !frame.isConnected && !holder.isConnected && !('__zoid_10_3_3__' in window) };
}

// Source messages: the English text is the message id.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'paypal');
  document.body.innerHTML = '';
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  // Each test starts as a page that never loaded PayPal.
  resetPaypalSdk();
});

const order = { orderNo: 'NB1', paypalOrderId: 'PP-123', currency: 'USD' };

/** Opens PayPal for the order with the SDK's script loaded (a fake SDK answers it); returns the reports and the session. */
async function openWithSdk(paypal = createLivePaypal('client-id'), ref = order) {
  const scripts = keepScripts();
  const seen = fakeSdk();
  const reports: PaypalReport[] = [];
  const session = paypal.open(ref, (report) => reports.push(report));
  await vi.waitFor(() => expect(scripts).toHaveLength(1), untilOutcome);
  scripts[0]?.dispatchEvent(new Event('load'));
  await vi.waitFor(() => expect(seen.container).not.toBeNull(), untilOutcome);
  return { seen, reports, session, scripts };
}

/** Whether a promise is still open after the microtasks queued so far. */
async function isOpen(promise: Promise<unknown>): Promise<boolean> {
  const open = Symbol('open');
  return (
    (await Promise.race([
      promise.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((resolve) => setTimeout(() => resolve(open), 0)),
    ])) === open
  );
}

describe('live PayPal', () => {
  it('shows PayPal buttons for the order our API created; an approval waits until the payment is done with it', async () => {
    const container = addContainer();
    const { seen, reports, session } = await openWithSdk();
    expect(seen.container).toBe(container);
    expect(await seen.options?.createOrder()).toBe('PP-123');
    const approval = seen.options?.onApprove({ orderID: 'PP-123' }, {}) ?? Promise.reject(new Error('no buttons'));
    expect(reports).toEqual([{ type: 'paypal.approved' }]);
    // PayPal keeps its window open (onApprove's promise) while the capture runs.
    expect(await isOpen(approval)).toBe(true);
    session.close();
    await expect(approval).resolves.toBeUndefined();
    expect(seen.closed).toBe(true);
  });

  it('answers an approval whose funding source was declined with actions.restart(), and reports the next approval', async () => {
    addContainer();
    const { seen, reports, session } = await openWithSdk();
    // PayPal's restart never resolves: PayPal asks the buyer again and calls onApprove anew.
    const restart = vi.fn(() => new Promise<void>(() => undefined));
    const first = seen.options?.onApprove({ orderID: 'PP-123' }, { restart }) ?? Promise.reject(new Error('no buttons'));
    session.restart();
    expect(restart).toHaveBeenCalledTimes(1);
    expect(await isOpen(first)).toBe(true);
    const second = seen.options?.onApprove({ orderID: 'PP-123' }, { restart }) ?? Promise.reject(new Error('no buttons'));
    expect(reports).toEqual([{ type: 'paypal.approved' }, { type: 'paypal.approved' }]);
    session.close();
    await expect(second).resolves.toBeUndefined();
    expect(restart).toHaveBeenCalledTimes(1);
  });

  it('reports a cancel and PayPal’s error; nothing once the payment closed PayPal', async () => {
    addContainer();
    const { seen, reports, session } = await openWithSdk();
    seen.options?.onCancel();
    seen.options?.onError(new Error('Window closed'));
    expect(reports).toEqual([{ type: 'paypal.cancelled' }, { type: 'paypal.failed', error: new Error('Window closed') }]);
    session.close();
    seen.options?.onCancel();
    expect(reports).toHaveLength(2);
  });

  it('reports a render that fails as PayPal’s error', async () => {
    addContainer();
    const scripts = keepScripts();
    Reflect.set(window, 'paypal', { Buttons: () => ({ render: () => Promise.reject(new Error('Detected container element removed from DOM')) }) });
    const reports: PaypalReport[] = [];
    createLivePaypal('client-id').open(order, (report) => reports.push(report));
    await vi.waitFor(() => expect(scripts).toHaveLength(1), untilOutcome);
    scripts[0]?.dispatchEvent(new Event('load'));
    await vi.waitFor(
      () => expect(reports).toEqual([{ type: 'paypal.failed', error: new Error('Detected container element removed from DOM') }]),
      untilOutcome,
    );
  });

  // The loader keeps its script between tests (as in a page): the failing load runs first.
  it('says PayPal could not be loaded when the script fails, and tries again next time', async () => {
    const scripts = captureScripts();
    const failed = loadPaypalSdk('client-id', 'USD');
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('PayPal could not be loaded');
    const again = loadPaypalSdk('client-id', 'USD');
    expect(scripts).toHaveLength(2);
    scripts[1]?.dispatchEvent(new Event('error'));
    await expect(again).rejects.toThrow('PayPal could not be loaded');
  });

  it('loads the SDK once per currency: the order’s, with the client id, capture, the buttons and no Venmo', async () => {
    const scripts = keepScripts();
    const first = loadPaypalSdk('client-id', 'EUR', 'user-token');
    const second = loadPaypalSdk('client-id', 'EUR');
    expect(scripts).toHaveLength(1);
    const src = new URL(scripts[0]?.src ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(PAYPAL_SDK_URL);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      'client-id': 'client-id',
      currency: 'EUR',
      intent: 'capture',
      components: 'buttons',
      'disable-funding': 'venmo',
    });
    // A returning buyer's saved methods.
    expect(scripts[0]?.dataset.userIdToken).toBe('user-token');
    fakeSdk();
    scripts[0]?.dispatchEvent(new Event('load'));
    const eur = await first;
    await expect(second).resolves.toBe(eur);
    await expect(loadPaypalSdk('client-id', 'EUR')).resolves.toBe(eur);

    // An order in dollars: PayPal's SDK takes one currency, so it is loaded anew and the euro one taken down.
    const usd = loadPaypalSdk('client-id', 'USD');
    expect(scripts).toHaveLength(2);
    expect(scripts[0]?.isConnected).toBe(false);
    expect(new URL(scripts[1]?.src ?? '').searchParams.get('currency')).toBe('USD');
    fakeSdk();
    scripts[1]?.dispatchEvent(new Event('load'));
    await expect(usd).resolves.not.toBe(eur);
  });

  it('opens PayPal in the order’s currency, and refuses one that is no currency code', async () => {
    addContainer();
    const { scripts } = await openWithSdk(createLivePaypal('client-id'), { ...order, currency: 'GBP' });
    expect(new URL(scripts[0]?.src ?? '').searchParams.get('currency')).toBe('GBP');
    await expect(loadPaypalSdk('client-id', 'usd&x=1')).rejects.toThrow('PayPal could not be loaded');
  });
});

describe('live PayPal when the account changes', () => {
  it('takes the previous account’s SDK off the page, and the next payment loads it afresh with the new account’s token', async () => {
    const scripts = keepScripts();
    const ada = loadPaypalSdk('client-id', 'USD', 'token-ada');
    fakeSdk();
    scripts[0]?.dispatchEvent(new Event('load'));
    const adaSdk = await ada;
    const leftovers = zoidLeftovers();

    accountChanged();
    expect(scripts[0]?.isConnected, 'Ada’s script').toBe(false);
    expect(Reflect.get(window, 'paypal'), 'Ada’s window.paypal').toBeUndefined();
    expect(leftovers.gone(), 'zoid’s frames and globals').toBe(true);

    const bob = loadPaypalSdk('client-id', 'USD', 'token-bob');
    // Not the cached load: a new script, with Bob's token.
    expect(scripts).toHaveLength(2);
    expect(scripts[1]?.dataset.userIdToken).toBe('token-bob');
    expect(document.head.querySelectorAll(`script[src^="${PAYPAL_SDK_URL}"]`)).toHaveLength(1);
    fakeSdk();
    scripts[1]?.dispatchEvent(new Event('load'));
    const bobSdk = await bob;
    expect(bobSdk).not.toBe(adaSdk);
    expect(bobSdk).toBe(Reflect.get(window, 'paypal'));
  });

  it('closes the buttons shown to the previous account, and the next payment asks for the new account’s token', async () => {
    addContainer();
    const tokens = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce('token-ada').mockResolvedValueOnce('token-bob');
    const paypal = createLivePaypal('client-id', tokens);
    const { seen, scripts } = await openWithSdk(paypal);

    accountChanged();
    expect(seen.closed).toBe(true);

    paypal.open(order, () => undefined);
    await vi.waitFor(() => expect(scripts).toHaveLength(2), untilOutcome);
    expect(tokens).toHaveBeenCalledTimes(2);
    expect(scripts[1]?.dataset.userIdToken).toBe('token-bob');
  });

  it('a script still on its way for the previous account is not used when it arrives', async () => {
    const scripts = keepScripts();
    const ada = loadPaypalSdk('client-id', 'USD', 'token-ada');
    accountChanged();
    expect(scripts[0]?.isConnected).toBe(false);
    const bob = loadPaypalSdk('client-id', 'USD', 'token-bob');
    expect(scripts).toHaveLength(2);

    // Ada's script arrives after all: her payment gets nothing, and Bob's load still waits for his own script.
    fakeSdk();
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(ada).rejects.toThrow('PayPal could not be loaded');
    scripts[1]?.dispatchEvent(new Event('load'));
    await expect(bob).resolves.toBe(Reflect.get(window, 'paypal'));
  });

  it('a late script of the previous account, with no load after it, leaves nothing behind', async () => {
    const scripts = keepScripts();
    const ada = loadPaypalSdk('client-id', 'USD', 'token-ada');
    accountChanged();
    fakeSdk();
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(ada).rejects.toThrow('PayPal could not be loaded');
    expect(Reflect.get(window, 'paypal')).toBeUndefined();
    // So the next payment loads PayPal for its own account.
    void loadPaypalSdk('client-id', 'USD', 'token-bob');
    expect(scripts).toHaveLength(2);
  });
});

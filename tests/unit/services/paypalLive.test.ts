import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { accountChanged } from '../../../src/services/accountChange';
import { PAYPAL_BUTTONS_ID } from '../../../src/services/paypal';
import { createLivePaypal, loadPaypalSdk, PAYPAL_SDK_URL, resetPaypalSdk } from '../../../src/services/paypal/live';
import { untilOutcome } from '../waits';

interface ButtonsOptions {
  createOrder(): string | Promise<string>;
  onApprove(): void;
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

const order = { orderNo: 'NB1', paypalOrderId: 'PP-123' };

describe('live PayPal', () => {
  it('shows PayPal buttons for the order our API created, and resolves with the buyer’s answer', async () => {
    const seen = fakeSdk();
    const container = addContainer();
    const approval = createLivePaypal('client-id').approve(order, new AbortController().signal);
    await vi.waitFor(() => expect(seen.options).not.toBeNull(), untilOutcome);
    expect(seen.container).toBe(container);
    expect(await seen.options?.createOrder()).toBe('PP-123');
    seen.options?.onApprove();
    await expect(approval).resolves.toBe('approved');
  });

  it('resolves cancelled when the buyer closes PayPal, and rejects with PayPal’s error', async () => {
    const seen = fakeSdk();
    addContainer();
    const cancelled = createLivePaypal('client-id').approve(order, new AbortController().signal);
    await vi.waitFor(() => expect(seen.options).not.toBeNull(), untilOutcome);
    seen.options?.onCancel();
    await expect(cancelled).resolves.toBe('cancelled');

    const firstButtons = seen.options;
    const failing = createLivePaypal('client-id').approve(order, new AbortController().signal);
    // A new set of buttons for the second payment.
    await vi.waitFor(() => expect(seen.options).not.toBe(firstButtons), untilOutcome);
    seen.options?.onError(new Error('INSTRUMENT_DECLINED'));
    await expect(failing).rejects.toThrow('INSTRUMENT_DECLINED');
  });

  it('closes the buttons when the payment is abandoned', async () => {
    const seen = fakeSdk();
    addContainer();
    const controller = new AbortController();
    void createLivePaypal('client-id').approve(order, controller.signal);
    await vi.waitFor(() => expect(seen.container).not.toBeNull(), untilOutcome);
    controller.abort();
    expect(seen.closed).toBe(true);
  });

  // The loader keeps its script between tests (as in a page): the failing load runs first.
  it('says PayPal could not be loaded when the script fails, and tries again next time', async () => {
    const scripts = captureScripts();
    const failed = loadPaypalSdk('client-id');
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('PayPal could not be loaded');
    const again = loadPaypalSdk('client-id');
    expect(scripts).toHaveLength(2);
    scripts[1]?.dispatchEvent(new Event('error'));
    await expect(again).rejects.toThrow('PayPal could not be loaded');
  });
  it('loads the SDK script with the client id, once', async () => {
    const scripts = captureScripts();
    const first = loadPaypalSdk('client-id', 'user-token');
    const second = loadPaypalSdk('client-id');
    expect(scripts).toHaveLength(1);
    const src = new URL(scripts[0]?.src ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(PAYPAL_SDK_URL);
    expect(src.searchParams.get('client-id')).toBe('client-id');
    // A returning buyer's saved methods.
    expect(scripts[0]?.dataset.userIdToken).toBe('user-token');
    fakeSdk();
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeDefined();
    await expect(second).resolves.toBeDefined();
  });
});

describe('live PayPal when the account changes', () => {
  it('takes the previous account’s SDK off the page, and the next payment loads it afresh with the new account’s token', async () => {
    const scripts = keepScripts();
    const ada = loadPaypalSdk('client-id', 'token-ada');
    fakeSdk();
    scripts[0]?.dispatchEvent(new Event('load'));
    const adaSdk = await ada;
    const leftovers = zoidLeftovers();

    accountChanged();
    expect(scripts[0]?.isConnected, 'Ada’s script').toBe(false);
    expect(Reflect.get(window, 'paypal'), 'Ada’s window.paypal').toBeUndefined();
    expect(leftovers.gone(), 'zoid’s frames and globals').toBe(true);

    const bob = loadPaypalSdk('client-id', 'token-bob');
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

  it('closes the buttons shown to the previous account, and the next approval asks for the new account’s token', async () => {
    const seen = fakeSdk();
    addContainer();
    const tokens = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce('token-ada').mockResolvedValueOnce('token-bob');
    const paypal = createLivePaypal('client-id', tokens);
    void paypal.approve(order, new AbortController().signal);
    await vi.waitFor(() => expect(seen.container).not.toBeNull(), untilOutcome);

    accountChanged();
    expect(seen.closed).toBe(true);

    const scripts = keepScripts();
    void paypal.approve(order, new AbortController().signal);
    await vi.waitFor(() => expect(scripts).toHaveLength(1), untilOutcome);
    expect(tokens).toHaveBeenCalledTimes(2);
    expect(scripts[0]?.dataset.userIdToken).toBe('token-bob');
  });

  it('a script still on its way for the previous account is not used when it arrives', async () => {
    const scripts = keepScripts();
    const ada = loadPaypalSdk('client-id', 'token-ada');
    accountChanged();
    expect(scripts[0]?.isConnected).toBe(false);
    const bob = loadPaypalSdk('client-id', 'token-bob');
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
    const ada = loadPaypalSdk('client-id', 'token-ada');
    accountChanged();
    fakeSdk();
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(ada).rejects.toThrow('PayPal could not be loaded');
    expect(Reflect.get(window, 'paypal')).toBeUndefined();
    // So the next payment loads PayPal for its own account.
    void loadPaypalSdk('client-id', 'token-bob');
    expect(scripts).toHaveLength(2);
  });
});

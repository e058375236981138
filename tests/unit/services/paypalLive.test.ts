import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { PAYPAL_BUTTONS_ID } from '../../../src/services/paypal';
import { createLivePaypal, loadPaypalSdk, PAYPAL_SDK_URL } from '../../../src/services/paypal/live';

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

// Source messages: the English text is the message id.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'paypal');
  document.body.innerHTML = '';
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

const order = { orderNo: 'NB1', paypalOrderId: 'PP-123' };

describe('live PayPal', () => {
  it('shows PayPal buttons for the order our API created, and resolves with the buyer’s answer', async () => {
    const seen = fakeSdk();
    const container = addContainer();
    const approval = createLivePaypal('client-id').approve(order, new AbortController().signal);
    await vi.waitFor(() => expect(seen.options).not.toBeNull());
    expect(seen.container).toBe(container);
    expect(await seen.options?.createOrder()).toBe('PP-123');
    seen.options?.onApprove();
    await expect(approval).resolves.toBe('approved');
  });

  it('resolves cancelled when the buyer closes PayPal, and rejects with PayPal’s error', async () => {
    const seen = fakeSdk();
    addContainer();
    const cancelled = createLivePaypal('client-id').approve(order, new AbortController().signal);
    await vi.waitFor(() => expect(seen.options).not.toBeNull());
    seen.options?.onCancel();
    await expect(cancelled).resolves.toBe('cancelled');

    const firstButtons = seen.options;
    const failing = createLivePaypal('client-id').approve(order, new AbortController().signal);
    // A new set of buttons for the second payment.
    await vi.waitFor(() => expect(seen.options).not.toBe(firstButtons));
    seen.options?.onError(new Error('INSTRUMENT_DECLINED'));
    await expect(failing).rejects.toThrow('INSTRUMENT_DECLINED');
  });

  it('closes the buttons when the payment is abandoned', async () => {
    const seen = fakeSdk();
    addContainer();
    const controller = new AbortController();
    void createLivePaypal('client-id').approve(order, controller.signal);
    await vi.waitFor(() => expect(seen.container).not.toBeNull());
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

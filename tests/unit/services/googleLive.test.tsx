import { createHash } from 'node:crypto';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoogleCredential } from '../../../src/common/types';
import { createAttemptNonce, nonceClaimOf, type AttemptNonce } from '../../../src/services/google/attemptNonce';
import {
  GSI_CLIENT_URL,
  GSI_LOAD_TIMEOUT_MS,
  loadGsi,
  type GsiButtonOptions,
  type GsiConfiguration,
  type GsiId,
  type GsiPromptNotification,
} from '../../../src/services/google/gsiClient';
import { createGsiPage, type ButtonSink } from '../../../src/services/google/gsiPage';
import { createLiveGoogle } from '../../../src/services/google/live';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'google');
  delete document.documentElement.dataset.theme;
});

/** A JWT-shaped ID token whose payload carries `claims` (unsigned: the page never checks a token, the API does). */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: 'https://accounts.google.com', ...claims })}.signature`;
}

/**
 * `google.accounts.id` as Google documents it: only the last `initialize` call's configuration is kept, and a
 * credential (the button's or One Tap's) goes to that configuration's callback. A test plays Google's part.
 */
function fakeGsi() {
  const configurations: GsiConfiguration[] = [];
  const buttons: Array<{ parent: HTMLElement; options: GsiButtonOptions }> = [];
  let listener: ((notification: GsiPromptNotification) => void) | undefined;
  const current = () => {
    const last = configurations.at(-1);
    if (!last) throw new Error('Google was never initialized');
    return last;
  };
  const moment = (type: 'skipped' | 'dismissed'): GsiPromptNotification => ({
    isSkippedMoment: () => type === 'skipped',
    isDismissedMoment: () => type === 'dismissed',
  });
  const id: GsiId = {
    initialize: vi.fn((configuration: GsiConfiguration) => {
      configurations.push(configuration);
    }),
    renderButton: vi.fn((parent: HTMLElement, options: GsiButtonOptions) => {
      buttons.push({ parent, options });
    }),
    prompt: vi.fn((given: (notification: GsiPromptNotification) => void) => {
      listener = given;
    }),
    cancel: vi.fn(),
  };
  return {
    id,
    configurations,
    buttons,
    /** The nonce the configuration in force would put into a token now. */
    nonceNow: () => current().nonce,
    /** The visitor picked an account in the button's popup. */
    buttonCredential(credential = idToken({ nonce: current().nonce })) {
      current().callback({ credential, select_by: 'btn' });
    },
    /** The visitor picked an account in One Tap: the credential, then the dismissed moment. */
    oneTapCredential(credential = idToken({ nonce: current().nonce })) {
      current().callback({ credential, select_by: 'fedcm' });
      listener?.(moment('dismissed'));
    },
    notify(type: 'skipped' | 'dismissed') {
      listener?.(moment(type));
    },
  };
}

/** Nonces 1, 2, 3, … with recognisable values in place of random ones. */
function countingNonces() {
  let made = 0;
  return vi.fn(() => {
    made += 1;
    return Promise.resolve<AttemptNonce>({ raw: `raw-${made}`, hashed: `hash-${made}` });
  });
}

function setUp(load?: () => Promise<GsiId>) {
  const gsi = fakeGsi();
  const page = createGsiPage({ clientId: 'client-id', load: load ?? (() => Promise.resolve(gsi.id)), createNonce: countingNonces() });
  const button: ButtonSink & { onCredential: ReturnType<typeof vi.fn<(result: GoogleCredential) => void>> } = {
    onCredential: vi.fn<(result: GoogleCredential) => void>(),
    onError: vi.fn<(error: unknown) => void>(),
  };
  const oneTap = { onCredential: vi.fn<(result: GoogleCredential) => void>(), onDismissed: vi.fn<() => void>() };
  const options: GsiButtonOptions = { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', width: 320 };
  return { gsi, page, button, oneTap, renderButton: () => page.renderButton(document.createElement('div'), options, button) };
}

/** Lets the loader's and the nonce's promises settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

describe("the page's one GSI configuration", () => {
  it.each([
    ['the button, then One Tap', ['button', 'oneTap']],
    ['One Tap, then the button', ['oneTap', 'button']],
  ] as const)('initializes Google once, with one callback, whichever surface comes first (%s)', async (_label, order) => {
    const { gsi, page, oneTap, renderButton } = setUp();
    for (const surface of order) {
      if (surface === 'button') renderButton();
      else page.prompt(oneTap);
      await settle();
    }
    expect(gsi.configurations).toEqual([
      { client_id: 'client-id', callback: expect.any(Function), nonce: 'hash-1', use_fedcm_for_prompt: true, itp_support: true },
    ]);
    expect(gsi.id.renderButton).toHaveBeenCalledTimes(1);
    expect(gsi.id.prompt).toHaveBeenCalledTimes(1);
  });

  it('signs in with the button after One Tap was skipped (a cold load of a page that opens the sign-in at boot)', async () => {
    const { gsi, page, button, oneTap, renderButton } = setUp();
    renderButton();
    page.prompt(oneTap);
    await settle();
    gsi.notify('skipped');
    expect(oneTap.onDismissed).toHaveBeenCalledTimes(1);

    const credential = idToken({ nonce: 'hash-1' });
    gsi.buttonCredential(credential);
    expect(button.onCredential).toHaveBeenCalledExactlyOnceWith({ credential, nonce: 'raw-1' });
    expect(oneTap.onCredential).not.toHaveBeenCalled();
  });

  it("hands One Tap's credential to One Tap, with the button on the page, and ignores the dismissed moment after it", async () => {
    const { gsi, page, button, oneTap, renderButton } = setUp();
    renderButton();
    page.prompt(oneTap);
    await settle();
    const credential = idToken({ nonce: 'hash-1' });
    gsi.oneTapCredential(credential);
    expect(oneTap.onCredential).toHaveBeenCalledExactlyOnceWith({ credential, nonce: 'raw-1' });
    expect(oneTap.onDismissed).not.toHaveBeenCalled();
    expect(button.onCredential).not.toHaveBeenCalled();
  });

  it('gives the next attempt a nonce of its own: the same callback, configured again with a fresh nonce', async () => {
    const { gsi, button, renderButton } = setUp();
    renderButton();
    await settle();
    gsi.buttonCredential();
    await settle();
    expect(gsi.configurations.map((configuration) => configuration.nonce)).toEqual(['hash-1', 'hash-2']);
    expect(gsi.configurations[1]?.callback).toBe(gsi.configurations[0]?.callback);

    gsi.buttonCredential();
    expect(button.onCredential.mock.calls.map(([result]) => result.nonce)).toEqual(['raw-1', 'raw-2']);
  });

  it('hands on the raw nonce of the attempt the token answers: One Tap still open under an earlier nonce', async () => {
    const { gsi, page, button, oneTap, renderButton } = setUp();
    renderButton();
    page.prompt(oneTap);
    await settle();
    // The button signs in under nonce 1 and the configuration moves on to nonce 2; One Tap, prompted under nonce
    // 1, answers with a token carrying nonce 1.
    gsi.buttonCredential();
    await settle();
    expect(gsi.nonceNow()).toBe('hash-2');
    const late = idToken({ nonce: 'hash-1' });
    gsi.oneTapCredential(late);
    expect(button.onCredential).toHaveBeenCalledTimes(1);
    expect(oneTap.onCredential).toHaveBeenCalledExactlyOnceWith({ credential: late, nonce: 'raw-1' });
  });

  it('sends a token naming no nonce of this page with none: the API, not the page, refuses it', async () => {
    const { gsi, button, renderButton } = setUp();
    renderButton();
    await settle();
    const foreign = idToken({ nonce: 'a-nonce-made-elsewhere' });
    gsi.buttonCredential(foreign);
    expect(button.onCredential).toHaveBeenCalledExactlyOnceWith({ credential: foreign, nonce: '' });
  });

  it("gives the button's credential to One Tap's sign-in when no button is left on the page", async () => {
    const { gsi, page, oneTap, renderButton } = setUp();
    const forget = renderButton();
    page.prompt(oneTap);
    await settle();
    forget();
    gsi.buttonCredential();
    expect(oneTap.onCredential).toHaveBeenCalledTimes(1);
  });

  it("drops One Tap's credential once One Tap was taken down (someone signed in meanwhile), and cancels it", async () => {
    const { gsi, page, button, oneTap, renderButton } = setUp();
    renderButton();
    const takeDown = page.prompt(oneTap);
    await settle();
    takeDown();
    expect(gsi.id.cancel).toHaveBeenCalledTimes(1);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    gsi.oneTapCredential();
    expect(oneTap.onCredential).not.toHaveBeenCalled();
    expect(oneTap.onDismissed).not.toHaveBeenCalled();
    expect(button.onCredential).not.toHaveBeenCalled();
  });

  it.each(['skipped', 'dismissed'] as const)('reports a %s moment as One Tap dismissed, once', async (type) => {
    const { gsi, page, oneTap } = setUp();
    page.prompt(oneTap);
    await settle();
    gsi.notify(type);
    gsi.notify(type);
    expect(oneTap.onDismissed).toHaveBeenCalledTimes(1);
    expect(oneTap.onCredential).not.toHaveBeenCalled();
  });

  it('reports an answer without a credential as a button error, or as One Tap dismissed', async () => {
    const { gsi, page, button, oneTap, renderButton } = setUp();
    renderButton();
    page.prompt(oneTap);
    await settle();
    const callback = gsi.configurations[0]?.callback;
    callback?.({ select_by: 'btn' });
    expect(button.onError).toHaveBeenCalledExactlyOnceWith(new Error('Google returned no credential'));
    callback?.({ select_by: 'fedcm' });
    expect(oneTap.onDismissed).toHaveBeenCalledTimes(1);
  });

  it('does nothing once taken down before the script arrived', async () => {
    let arrive: (id: GsiId) => void = () => undefined;
    const gsi = fakeGsi();
    const { page, oneTap } = setUp(() => new Promise<GsiId>((resolve) => (arrive = resolve)));
    const takeDown = page.prompt(oneTap);
    takeDown();
    arrive(gsi.id);
    await settle();
    expect(gsi.id.prompt).not.toHaveBeenCalled();
    expect(gsi.id.cancel).not.toHaveBeenCalled();
    expect(oneTap.onDismissed).not.toHaveBeenCalled();
  });

  it('reports One Tap dismissed when the script cannot load, renders no button, and tries again when next needed', async () => {
    const gsi = fakeGsi();
    const load = vi.fn<() => Promise<GsiId>>().mockRejectedValueOnce(new Error('blocked')).mockResolvedValue(gsi.id);
    const { page, oneTap, renderButton } = setUp(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    page.prompt(oneTap);
    renderButton();
    await settle();
    expect(oneTap.onDismissed).toHaveBeenCalledTimes(1);
    expect(gsi.id.renderButton).not.toHaveBeenCalled();

    renderButton();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(gsi.id.renderButton).toHaveBeenCalledTimes(1);
    expect(gsi.id.initialize).toHaveBeenCalledTimes(1);
  });
});

describe('the nonce of an attempt', () => {
  it('is 32 random bytes as hex, and Google gets its SHA-256 as hex', async () => {
    const first = await createAttemptNonce();
    const second = await createAttemptNonce();
    expect(first.raw).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hashed).toBe(createHash('sha256').update(first.raw).digest('hex'));
    expect(second.raw).not.toBe(first.raw);
  });

  it("reads a token's nonce claim, and nothing from what is not a token with one", () => {
    expect(nonceClaimOf(idToken({ nonce: 'hash-1' }))).toBe('hash-1');
    expect(nonceClaimOf(idToken({}))).toBeNull();
    expect(nonceClaimOf(idToken({ nonce: 7 }))).toBeNull();
    expect(nonceClaimOf('not a token')).toBeNull();
    expect(nonceClaimOf('a.%%%.c')).toBeNull();
    expect(nonceClaimOf(`a.${Buffer.from('not json').toString('base64url')}.c`)).toBeNull();
  });
});

describe("loading Google's script", () => {
  /** Scripts the loader adds, kept off the network. */
  function captureScripts(): HTMLScriptElement[] {
    const scripts: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) if (node instanceof HTMLScriptElement) scripts.push(node);
    });
    return scripts;
  }

  function installGsi(): GsiId {
    const id = fakeGsi().id;
    Object.assign(window, { google: { accounts: { id } } });
    return id;
  }

  // The loader keeps its script between tests (as in a page): the failing loads run first.
  it('rejects when the script fails, and adds it afresh next time', async () => {
    const scripts = captureScripts();
    const failed = loadGsi();
    expect(scripts[0]?.src).toBe(GSI_CLIENT_URL);
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Google Identity Services could not be loaded');
    const again = loadGsi();
    expect(scripts).toHaveLength(2);
    scripts[1]?.dispatchEvent(new Event('error'));
    await expect(again).rejects.toThrow();
  });

  it('gives up when the script has not arrived in time', async () => {
    vi.useFakeTimers();
    captureScripts();
    const waiting = loadGsi();
    vi.advanceTimersByTime(GSI_LOAD_TIMEOUT_MS);
    await expect(waiting).rejects.toThrow('did not load in time');
  });

  it('adds the script once, and resolves with google.accounts.id', async () => {
    const scripts = captureScripts();
    const first = loadGsi();
    const second = loadGsi();
    expect(scripts).toHaveLength(1);
    const id = installGsi();
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(id);
    await expect(second).resolves.toBe(id);
    await expect(loadGsi()).resolves.toBe(id);
  });
});

describe('the live button', () => {
  it("draws Google's button, about 320px wide, and follows the app's theme", async () => {
    const gsi = fakeGsi();
    const google = createLiveGoogle(createGsiPage({ clientId: 'client-id', load: () => Promise.resolve(gsi.id), createNonce: countingNonces() }));
    document.documentElement.dataset.theme = 'dark';
    render(<google.Button onCredential={vi.fn()} onError={vi.fn()} />);
    await act(settle);
    expect(gsi.buttons.at(-1)?.options).toEqual({ type: 'standard', theme: 'filled_black', size: 'large', text: 'continue_with', width: 320 });
    await act(async () => {
      document.documentElement.dataset.theme = 'light';
      // MutationObserver callbacks run as microtasks.
      await settle();
    });
    expect(gsi.buttons.at(-1)?.options.theme).toBe('outline');
    expect(gsi.buttons.at(-1)?.parent.isConnected).toBe(true);
    expect(gsi.id.initialize).toHaveBeenCalledTimes(1);
  });

  it("hands the credential to the latest render's sign-in", async () => {
    const gsi = fakeGsi();
    const google = createLiveGoogle(createGsiPage({ clientId: 'client-id', load: () => Promise.resolve(gsi.id), createNonce: countingNonces() }));
    const first = vi.fn<(result: GoogleCredential) => void>();
    const latest = vi.fn<(result: GoogleCredential) => void>();
    const { rerender } = render(<google.Button onCredential={first} onError={vi.fn()} />);
    rerender(<google.Button onCredential={latest} onError={vi.fn()} />);
    await act(settle);
    const credential = idToken({ nonce: 'hash-1' });
    act(() => gsi.buttonCredential(credential));
    expect(latest).toHaveBeenCalledExactlyOnceWith({ credential, nonce: 'raw-1' });
    expect(first).not.toHaveBeenCalled();
  });
});

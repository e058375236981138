import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const msal = vi.hoisted(() => {
  const initialize = vi.fn<() => Promise<void>>();
  const loginPopup = vi.fn<(request: unknown) => Promise<{ idToken: string }>>();
  const constructed: unknown[] = [];
  const construct = vi.fn<(configuration: unknown) => void>();
  /** What MSAL's own wait for the popup's answer (the redirect bridge) resolves with, per call. */
  const bridgeAnswer = vi.fn<() => Promise<string>>();
  class PublicClientApplication {
    initialize = initialize;
    loginPopup = loginPopup;
    constructor(configuration: unknown) {
      construct(configuration);
      constructed.push(this);
    }
    protected waitForPopupResponse(_request: { correlationId: string }, _popup: Window, _parent: Window): Promise<string> {
      return bridgeAnswer();
    }
  }
  class BrowserAuthError extends Error {
    constructor(
      readonly errorCode: string,
      readonly correlationId?: string,
    ) {
      super(errorCode);
    }
  }
  return {
    PublicClientApplication,
    BrowserAuthError,
    BrowserAuthErrorCodes: { userCancelled: 'user_cancelled' },
    ProtocolMode: { OIDC: 'OIDC' },
    initialize,
    loginPopup,
    construct,
    constructed,
    bridgeAnswer,
  };
});
const settings = vi.hoisted(() => ({ microsoftClientId: 'ms-client-id', microsoftAuthority: 'https://login.microsoftonline.com/common' }));

vi.mock('@azure/msal-browser', () => ({
  PublicClientApplication: msal.PublicClientApplication,
  BrowserAuthError: msal.BrowserAuthError,
  BrowserAuthErrorCodes: msal.BrowserAuthErrorCodes,
  ProtocolMode: msal.ProtocolMode,
}));
vi.mock('../../../src/config', () => ({ config: settings }));

import { createLiveMicrosoft, liveMicrosoft } from '../../../src/services/microsoft/live';

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  msal.construct.mockReset();
  msal.constructed.length = 0;
  msal.initialize.mockReset().mockResolvedValue(undefined);
  msal.loginPopup.mockReset().mockResolvedValue({ idToken: 'id-token' });
  msal.bridgeAnswer.mockReset();
  settings.microsoftAuthority = 'https://login.microsoftonline.com/common';
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
});

describe('liveMicrosoft.initialize', () => {
  it('creates the client with the fixed configuration, leaving MSAL timings at their defaults, then initializes it', async () => {
    const adapter = createLiveMicrosoft();
    await adapter.initialize();
    expect(msal.construct).toHaveBeenCalledTimes(1);
    expect(msal.construct).toHaveBeenCalledWith({
      auth: {
        clientId: 'ms-client-id',
        authority: 'https://login.microsoftonline.com/common',
        // The popup returns to the redirect bridge page, never to an app page.
        redirectUri: `${window.location.origin}/auth/microsoft-redirect.html`,
        postLogoutRedirectUri: window.location.origin,
      },
      cache: { cacheLocation: 'memoryStorage' },
    });
    expect(msal.initialize).toHaveBeenCalledTimes(1);
  });

  it('trusts an authority of another host as plain OpenID Connect', async () => {
    settings.microsoftAuthority = 'https://id.example.org:8443/tenant/';
    await createLiveMicrosoft().initialize();
    expect(msal.construct).toHaveBeenCalledWith(
      expect.objectContaining({
        auth: expect.objectContaining({ authority: 'https://id.example.org:8443/tenant/', knownAuthorities: ['id.example.org:8443'] }),
        system: { protocolMode: 'OIDC' },
      }),
    );
  });

  it('creates one client however often, and however concurrently, it is called', async () => {
    const adapter = createLiveMicrosoft();
    await Promise.all([adapter.initialize(), adapter.initialize()]);
    await adapter.initialize();
    expect(msal.construct).toHaveBeenCalledTimes(1);
    expect(msal.initialize).toHaveBeenCalledTimes(1);
  });

  it('logs and rethrows a failed creation, and tries again on the next call', async () => {
    const failure = new Error('storage unavailable');
    msal.construct.mockImplementationOnce(() => {
      throw failure;
    });
    const adapter = createLiveMicrosoft();
    await expect(adapter.initialize()).rejects.toBe(failure);
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure);

    await adapter.initialize();
    expect(msal.construct).toHaveBeenCalledTimes(2);
    await expect(adapter.signIn()).resolves.toEqual({ idToken: 'id-token' });
  });

  it('treats a failed MSAL initialize like a failed creation', async () => {
    const failure = new Error('crypto unavailable');
    msal.initialize.mockRejectedValueOnce(failure);
    const adapter = createLiveMicrosoft();
    await expect(adapter.initialize()).rejects.toBe(failure);
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure);
    await expect(adapter.signIn()).rejects.toMatchObject({ errorCode: 'uninitialized_public_client_application' });

    await adapter.initialize();
    expect(msal.construct).toHaveBeenCalledTimes(2);
    await expect(adapter.signIn()).resolves.toEqual({ idToken: 'id-token' });
  });
});

describe('liveMicrosoft.signIn', () => {
  it('opens the popup with the fixed scopes and account picker, and returns the ID token', async () => {
    const adapter = createLiveMicrosoft();
    await adapter.initialize();
    await expect(adapter.signIn()).resolves.toEqual({ idToken: 'id-token' });
    expect(msal.loginPopup).toHaveBeenCalledWith({
      scopes: ['openid', 'profile', 'email'],
      prompt: 'select_account',
      // No popup of this page is open: an in-progress flag MSAL holds was left by an earlier page of the tab.
      overrideInteractionInProgress: true,
    });
    expect(msal.loginPopup.mock.contexts[0]).toBe(msal.constructed[0]);
  });

  it('returns null when the result holds no ID token', async () => {
    msal.loginPopup.mockResolvedValueOnce({ idToken: '' });
    const adapter = createLiveMicrosoft();
    await adapter.initialize();
    await expect(adapter.signIn()).resolves.toEqual({ idToken: null });
  });

  it('passes MSAL errors on unchanged', async () => {
    const popupError = Object.assign(new Error('popup_window_error: blocked'), { errorCode: 'popup_window_error' });
    msal.loginPopup.mockRejectedValueOnce(popupError);
    const adapter = createLiveMicrosoft();
    await adapter.initialize();
    await expect(adapter.signIn()).rejects.toBe(popupError);
  });

  it('rejects as MSAL would when initialize was never called, without loading MSAL', async () => {
    const adapter = createLiveMicrosoft();
    await expect(adapter.signIn()).rejects.toMatchObject({ errorCode: 'uninitialized_public_client_application' });
    expect(msal.construct).not.toHaveBeenCalled();
    expect(msal.loginPopup).not.toHaveBeenCalled();
  });

  it("refuses a second sign-in while this page's own popup is open, as MSAL would, and never overrides it", async () => {
    let answer: (value: { idToken: string }) => void = () => {};
    msal.loginPopup.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const adapter = createLiveMicrosoft();
    await adapter.initialize();
    const first = adapter.signIn();
    await expect(adapter.signIn()).rejects.toMatchObject({ errorCode: 'interaction_in_progress' });
    expect(msal.loginPopup).toHaveBeenCalledTimes(1);

    answer({ idToken: 'first-token' });
    await expect(first).resolves.toEqual({ idToken: 'first-token' });
    // Once this page's popup has ended, the next sign-in opens one.
    await expect(adapter.signIn()).resolves.toEqual({ idToken: 'id-token' });
    expect(msal.loginPopup).toHaveBeenCalledTimes(2);
  });

  it('opens the next popup after a failed one', async () => {
    msal.loginPopup.mockRejectedValueOnce(Object.assign(new Error('user_cancelled'), { errorCode: 'user_cancelled' }));
    const adapter = createLiveMicrosoft();
    await adapter.initialize();
    await expect(adapter.signIn()).rejects.toMatchObject({ errorCode: 'user_cancelled' });
    await expect(adapter.signIn()).resolves.toEqual({ idToken: 'id-token' });
  });

  it('the shared adapter is not ready until initialized', async () => {
    await expect(liveMicrosoft.signIn()).rejects.toMatchObject({ errorCode: 'uninitialized_public_client_application' });
    await liveMicrosoft.initialize();
    await expect(liveMicrosoft.signIn()).resolves.toEqual({ idToken: 'id-token' });
  });
});

describe('a closed sign-in popup', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The client's wait for a popup's answer, as MSAL's popup client calls it. */
  function waitOn(client: unknown, popup: { closed: boolean }): Promise<string> {
    const wait = Reflect.get(client as object, 'waitForPopupResponse') as (request: object, popup: object, parent: object) => Promise<string>;
    return wait.call(client, { correlationId: 'corr-1' }, popup, window);
  }

  it("is a cancelled sign-in within a second or two, not at MSAL's 60-second bridge timeout", async () => {
    vi.useFakeTimers();
    msal.bridgeAnswer.mockReturnValue(new Promise<string>(() => {}));
    await createLiveMicrosoft().initialize();
    const popup = { closed: false };
    const waiting = waitOn(msal.constructed[0], popup);
    const outcome = waiting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(outcome).resolves.toMatchObject({ errorCode: 'user_cancelled', correlationId: 'corr-1' });
  });

  it("still hands over the bridge's answer when it arrives as the popup closes itself", async () => {
    await createLiveMicrosoft().initialize();
    msal.bridgeAnswer.mockResolvedValue('#code=abc&state=xyz');
    await expect(waitOn(msal.constructed[0], { closed: true })).resolves.toBe('#code=abc&state=xyz');
  });
});

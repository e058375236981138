import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const msal = vi.hoisted(() => {
  const initialize = vi.fn<() => Promise<void>>();
  const loginPopup = vi.fn<(request: unknown) => Promise<{ idToken: string }>>();
  const constructed: unknown[] = [];
  const construct = vi.fn<(configuration: unknown) => void>();
  class PublicClientApplication {
    initialize = initialize;
    loginPopup = loginPopup;
    constructor(configuration: unknown) {
      construct(configuration);
      constructed.push(this);
    }
  }
  return { PublicClientApplication, initialize, loginPopup, construct, constructed };
});

vi.mock('@azure/msal-browser', () => ({ PublicClientApplication: msal.PublicClientApplication }));
vi.mock('../../../src/config', () => ({ config: { microsoftClientId: 'ms-client-id' } }));

import { createLiveMicrosoft, liveMicrosoft } from '../../../src/services/microsoft/live';

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  msal.construct.mockReset();
  msal.constructed.length = 0;
  msal.initialize.mockReset().mockResolvedValue(undefined);
  msal.loginPopup.mockReset().mockResolvedValue({ idToken: 'id-token' });
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
        redirectUri: window.location.origin,
        postLogoutRedirectUri: window.location.origin,
      },
      cache: { cacheLocation: 'memoryStorage' },
    });
    expect(msal.initialize).toHaveBeenCalledTimes(1);
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
    expect(msal.loginPopup).toHaveBeenCalledWith({ scopes: ['openid', 'profile', 'email'], prompt: 'select_account' });
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

  it('the shared adapter is not ready until initialized', async () => {
    await expect(liveMicrosoft.signIn()).rejects.toMatchObject({ errorCode: 'uninitialized_public_client_application' });
    await liveMicrosoft.initialize();
    await expect(liveMicrosoft.signIn()).resolves.toEqual({ idToken: 'id-token' });
  });
});

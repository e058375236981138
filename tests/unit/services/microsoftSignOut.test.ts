import { beforeEach, describe, expect, it, vi } from 'vitest';

const msal = vi.hoisted(() => {
  const setActiveAccount = vi.fn<(account: unknown) => void>();
  const clearCache = vi.fn<() => Promise<void>>();
  class PublicClientApplication {
    initialize = () => Promise.resolve();
    loginPopup = () => Promise.resolve({ idToken: 'id-token' });
    setActiveAccount = setActiveAccount;
    clearCache = clearCache;
  }
  return { PublicClientApplication, setActiveAccount, clearCache };
});

vi.mock('@azure/msal-browser', () => ({ PublicClientApplication: msal.PublicClientApplication }));
vi.mock('../../../src/config', () => ({
  config: { microsoftClientId: 'ms-client-id', microsoftAuthority: 'https://login.microsoftonline.com/common' },
}));

import { accountChanged } from '../../../src/services/accountChange';
import { liveMicrosoft } from '../../../src/services/microsoft/live';
import { untilOutcome } from '../waits';

beforeEach(() => {
  msal.setActiveAccount.mockReset();
  msal.clearCache.mockReset().mockResolvedValue(undefined);
});

describe('MSAL when the account changes', () => {
  it('has nothing to forget before its client exists', async () => {
    accountChanged();
    await expect(liveMicrosoft.forgetAccounts()).resolves.toBeUndefined();
    expect(msal.clearCache).not.toHaveBeenCalled();
  });

  it('forgets the account that signed in through it: no active account, no cached account or token', async () => {
    await liveMicrosoft.initialize();
    await liveMicrosoft.signIn();
    accountChanged();
    expect(msal.setActiveAccount).toHaveBeenCalledWith(null);
    await vi.waitFor(() => expect(msal.clearCache).toHaveBeenCalledTimes(1), untilOutcome);
  });
});

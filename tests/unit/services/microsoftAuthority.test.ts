import { describe, expect, it } from 'vitest';
import { DEFAULT_MICROSOFT_AUTHORITY, microsoftAuthority, msalAuthoritySettings } from '../../../src/services/microsoft/authority';

describe('microsoftAuthority', () => {
  it("is Entra ID's common authority when the build names none", () => {
    expect(microsoftAuthority(undefined)).toBe('https://login.microsoftonline.com/common');
    expect(microsoftAuthority('  ')).toBe(DEFAULT_MICROSOFT_AUTHORITY);
  });

  it('takes an https authority as given', () => {
    expect(microsoftAuthority(' https://login.microsoftonline.us/contoso ')).toBe('https://login.microsoftonline.us/contoso');
  });

  it('fails the build for anything MSAL would refuse', () => {
    expect(() => microsoftAuthority('http://127.0.0.1:4392/')).toThrow(/https URL/);
    expect(() => microsoftAuthority('login.microsoftonline.com/common')).toThrow(/https URL/);
  });
});

describe('msalAuthoritySettings', () => {
  it("leaves Microsoft's clouds to MSAL's own knowledge", () => {
    expect(msalAuthoritySettings('https://login.microsoftonline.com/common')).toEqual({ authority: 'https://login.microsoftonline.com/common' });
    expect(msalAuthoritySettings('https://login.chinacloudapi.cn/organizations')).toEqual({
      authority: 'https://login.chinacloudapi.cn/organizations',
    });
  });

  it('trusts any other host by host and port, as plain OpenID Connect', () => {
    expect(msalAuthoritySettings('https://127.0.0.1:4392/')).toEqual({
      authority: 'https://127.0.0.1:4392/',
      knownAuthorities: ['127.0.0.1:4392'],
      protocolMode: 'OIDC',
    });
  });
});

/**
 * The authority MSAL signs in against, and what MSAL must be told about it. Microsoft's own clouds (the public one
 * and the national ones) speak Entra ID's protocol and are known to MSAL; any other host (a sovereign or private
 * deployment's OpenID Connect provider, or a local one in tests) is plain OpenID Connect and must be named trusted.
 * Plain constants and functions: the build's Content-Security-Policy reads them too.
 */

/** Work, school and personal Microsoft accounts alike. */
export const DEFAULT_MICROSOFT_AUTHORITY = 'https://login.microsoftonline.com/common';

/** Entra ID's sign-in hosts: the public cloud and the national clouds (US Government, China, and the legacy Germany). */
const ENTRA_HOSTS: ReadonlySet<string> = new Set([
  'login.microsoftonline.com',
  'login.microsoftonline.us',
  'login.chinacloudapi.cn',
  'login.partner.microsoftonline.cn',
  'login.microsoftonline.de',
]);

export interface MsalAuthoritySettings {
  authority: string;
  /** Only for a host MSAL does not know: it then trusts this one and reads its metadata as plain OpenID Connect. */
  knownAuthorities?: string[];
  protocolMode?: 'OIDC';
}

/**
 * The authority a build names (VITE_MICROSOFT_AUTHORITY), or the default when it names none. MSAL takes https only,
 * so anything else fails the build (security-headers.ts reads it) rather than every sign-in.
 */
export function microsoftAuthority(setting: string | undefined): string {
  const text = setting?.trim() ?? '';
  if (text === '') return DEFAULT_MICROSOFT_AUTHORITY;
  if (!URL.canParse(text) || new URL(text).protocol !== 'https:') throw new Error(`VITE_MICROSOFT_AUTHORITY must be an https URL, not "${text}".`);
  return text;
}

export function msalAuthoritySettings(authority: string): MsalAuthoritySettings {
  const url = new URL(authority);
  if (ENTRA_HOSTS.has(url.hostname)) return { authority };
  // MSAL matches a trusted authority by host and port.
  return { authority, knownAuthorities: [url.host], protocolMode: 'OIDC' };
}

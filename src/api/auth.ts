/** Signing in, signing up, resetting a password, e-mailed codes, signing out. */
import type { GoogleLoginRequest, SocialLoginRequest } from './contract';
import { bindCall, callApi, type CallOptions } from './client';

/**
 * Social logins also carry the challenge token in a `verify` header, '' when none (docs/product.md, "Social
 * sign-in requests").
 */
function withVerify(request: SocialLoginRequest, options: CallOptions): CallOptions {
  return { ...options, headers: { ...options.headers, verify: request.turnstileToken ?? '' } };
}

/** Google's ID token goes in `credential`, with the attempt's raw `nonce` beside it. */
export function googleLogin(request: GoogleLoginRequest, options: CallOptions = {}) {
  return callApi('googleLogin', request, withVerify(request, options));
}

/** The Microsoft popup's id token goes in `credential`. */
export function outlookLogin(request: SocialLoginRequest, options: CallOptions = {}) {
  return callApi('outlookLogin', request, withVerify(request, options));
}

export const login = bindCall('login');
export const register = bindCall('register');
export const resetPassword = bindCall('resetPassword');
export const sendCaptcha = bindCall('sendCaptcha');
export const logout = bindCall('logout');

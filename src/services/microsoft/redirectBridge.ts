/**
 * Where Microsoft sends the sign-in popup back to: a small page of its own (no app code) that hands MSAL's answer
 * to the window that opened the popup. It is the redirect URI an operator registers in Entra ID, and it is served
 * without Cross-Origin-Opener-Policy (security-headers.ts): that header would cut the popup off from its opener, which
 * would then take the popup for closed (src/services/microsoft/popupClosed.ts).
 */
export const MICROSOFT_REDIRECT_PATH = '/auth/microsoft-redirect.html';

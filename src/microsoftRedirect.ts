/**
 * The Microsoft sign-in popup's landing page (auth/microsoft-redirect.html, at MICROSOFT_REDIRECT_PATH): MSAL's
 * redirect bridge hands the answer in the address to the window that opened the popup, which closes it. No app code:
 * the popup must answer fast, and this page is served without the app's Cross-Origin-Opener-Policy.
 */
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

broadcastResponseToMainFrame().catch(async (error: unknown) => {
  // Opened by hand, or the answer was unreadable: say so, in the visitor's language (loaded only now).
  console.error('The Microsoft sign-in could not be handed back to the page that started it.', error);
  const { explainRedirectFailure } = await import('./microsoftRedirectFailure');
  await explainRedirectFailure(document);
});

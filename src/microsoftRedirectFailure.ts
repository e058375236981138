/** What the Microsoft redirect page says when it has no sign-in to hand back (src/microsoftRedirect.ts). */
import { t } from '@lingui/core/macro';
import { activateLocale, initialLocale, loadCatalog } from './i18n/catalog';

export async function explainRedirectFailure(page: Document): Promise<void> {
  const locale = initialLocale();
  try {
    await loadCatalog(locale);
    activateLocale(locale);
  } catch {
    // The catalogue did not arrive: the English source text still says it.
  }
  page.title = t`Microsoft sign-in`;
  const message = page.getElementById('message');
  if (!message) return;
  message.textContent = t`This window could not finish the Microsoft sign-in. Close it, then sign in again from the page you started on.`;
  message.hidden = false;
}

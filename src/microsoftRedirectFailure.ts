/** What the Microsoft redirect page says when it has no sign-in to hand back (src/microsoftRedirect.ts). */
import { t } from '@lingui/core/macro';
import { activateLocale, initialLocale, loadCatalog } from './i18n/catalog';
import { applyTheme, readStoredTheme, systemPrefersDark } from './services/theme';
import './styles/global.css';
import styles from './microsoftRedirectFailure.module.css';

export async function explainRedirectFailure(page: Document): Promise<void> {
  // In the site's look and the visitor's theme, as the page they came from.
  const theme = readStoredTheme();
  applyTheme(theme === 'light' || theme === 'dark' ? theme : systemPrefersDark() ? 'dark' : 'light');
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
  message.className = styles.message ?? '';
  message.textContent = t`This window could not finish the Microsoft sign-in. Close it, then sign in again from the page you started on.`;
  message.hidden = false;
}

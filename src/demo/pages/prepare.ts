import { activateLocale, i18n, initialLocale, loadCatalog } from '../../i18n/catalog';
import { applyTheme, readStoredTheme, systemPrefersDark } from '../../services/theme';

/**
 * The app's stored theme and language, read the same way the app reads them: a stand-alone demo page has
 * no actors, but must look like part of the same browser session.
 */
export async function prepareLikeTheApp(pageName: string): Promise<void> {
  const theme = readStoredTheme() ?? 'system';
  applyTheme(theme === 'system' ? (systemPrefersDark() ? 'dark' : 'light') : theme);
  const locale = initialLocale();
  try {
    await loadCatalog(locale);
    activateLocale(locale);
  } catch (error) {
    console.warn(`${pageName}: the catalogue did not load; showing the source language.`, error);
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  }
}

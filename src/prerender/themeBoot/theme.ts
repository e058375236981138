import { DARK_QUERY, THEME_KEY } from '../../services/theme';
import { storedValue } from './storage';

/** Anything but an explicit light or dark follows the system, as the theme machine does. */
export function applyStoredTheme(root: HTMLElement): void {
  const theme = storedValue(THEME_KEY);
  const systemDark = typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
  root.dataset.theme = theme === 'dark' || (theme !== 'light' && systemDark) ? 'dark' : 'light';
}

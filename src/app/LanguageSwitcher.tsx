import { useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../actors/AppActorContext';
import { LOCALES, type Locale } from '../common/types';
import { isLocale } from '../i18n/catalog';
import styles from './Header.module.css';

/** Each language named in itself, so a visitor finds theirs whatever the page is in now. */
const NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  'zh-CN': '简体中文',
};

export function LanguageSwitcher() {
  const { t } = useLingui();
  const locale = useGlobalActor('locale');
  const requested = useGlobalSelector('locale', (s) => s.context.requested);
  const loading = useGlobalSelector('locale', (s) => s.hasTag('loading'));
  return (
    <select
      className={styles.select}
      aria-label={t`Language`}
      value={requested}
      aria-busy={loading || undefined}
      onChange={(event) => {
        if (isLocale(event.target.value)) locale.send({ type: 'SET_LOCALE', locale: event.target.value });
      }}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {NATIVE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}

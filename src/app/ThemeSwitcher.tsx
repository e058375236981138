import { useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../actors/AppActorContext';
import type { ThemeChoice } from '../common/types';
import { LineIcon } from '../ui/LineIcon';
import styles from './Header.module.css';

const ICONS: Record<ThemeChoice, string> = {
  light:
    'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66 1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14-1.41-1.41M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z',
  system: 'M3 5h18v11H3zM8 20h8m-4-4v4',
};

/** Light, dark or follow the system: a radio group, so arrow keys move between the three. */
export function ThemeSwitcher() {
  const { t } = useLingui();
  const theme = useGlobalActor('theme');
  const current = useGlobalSelector('theme', (s) => (s.matches('light') ? 'light' : s.matches('dark') ? 'dark' : 'system') as ThemeChoice);
  const labels: Record<ThemeChoice, string> = { light: t`Light theme`, dark: t`Dark theme`, system: t`System theme` };
  return (
    <div role="radiogroup" aria-label={t`Theme`} className={styles.segmented}>
      {(['light', 'dark', 'system'] as const).map((choice) => (
        <label key={choice} className={styles.segment} title={labels[choice]}>
          <input
            type="radio"
            name="theme"
            className={styles.segmentInput}
            checked={current === choice}
            onChange={() => theme.send({ type: 'SET_THEME', theme: choice })}
            aria-label={labels[choice]}
          />
          <LineIcon size={16}>
            <path d={ICONS[choice]} />
          </LineIcon>
        </label>
      ))}
    </div>
  );
}

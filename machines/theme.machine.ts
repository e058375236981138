import { assign, setup } from 'xstate';
import type { ThemeChoice } from '../src/common/types';
import { notProvidedAction, notProvidedCallback } from './notProvided';

type ResolvedTheme = 'light' | 'dark';

export interface ThemeInput {
  stored: ThemeChoice | null;
  systemPrefersDark: boolean;
}

export interface ThemeContext {
  /** Kept from the input at first, then from the system watcher; unused while the visitor picked a theme. */
  systemPrefersDark: boolean;
  /** What storage held at boot; only the first pick of a state reads it. */
  stored: ThemeChoice | null;
}

export interface ThemeParams {
  choice: ThemeChoice;
  resolved: ResolvedTheme;
}

export type ThemeEvent = { type: 'SET_THEME'; theme: ThemeChoice } | { type: 'SYSTEM_THEME_CHANGED'; dark: boolean };

function systemTheme(context: ThemeContext): ThemeParams {
  return { choice: 'system', resolved: context.systemPrefersDark ? 'dark' : 'light' };
}

const LIGHT: ThemeParams = { choice: 'light', resolved: 'light' };
const DARK: ThemeParams = { choice: 'dark', resolved: 'dark' };

export const themeMachine = setup({
  types: {} as { context: ThemeContext; events: ThemeEvent; input: ThemeInput },
  actors: {
    watchSystemTheme: notProvidedCallback('watchSystemTheme'),
  },
  actions: {
    persistTheme: notProvidedAction<ThemeParams>('persistTheme'),
    applyTheme: notProvidedAction<ThemeParams>('applyTheme'),
    setSystemPreference: assign({
      systemPrefersDark: ({ context, event }) => (event.type === 'SYSTEM_THEME_CHANGED' ? event.dark : context.systemPrefersDark),
    }),
  },
  guards: {
    storedLight: ({ context }) => context.stored === 'light',
    storedDark: ({ context }) => context.stored === 'dark',
    choseLight: ({ event }) => event.type === 'SET_THEME' && event.theme === 'light',
    choseDark: ({ event }) => event.type === 'SET_THEME' && event.theme === 'dark',
    choseSystem: ({ event }) => event.type === 'SET_THEME' && event.theme === 'system',
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({ systemPrefersDark: input.systemPrefersDark, stored: input.stored }),
  initial: 'resolving',
  on: {
    SET_THEME: [
      { guard: 'choseLight', target: '.light' },
      { guard: 'choseDark', target: '.dark' },
      { guard: 'choseSystem', target: '.system' },
    ],
  },
  states: {
    // System is the default when nothing (or something unknown) is stored.
    resolving: {
      always: [{ guard: 'storedLight', target: 'light' }, { guard: 'storedDark', target: 'dark' }, { target: 'system' }],
    },
    light: {
      entry: [
        { type: 'persistTheme', params: LIGHT },
        { type: 'applyTheme', params: LIGHT },
      ],
    },
    dark: {
      entry: [
        { type: 'persistTheme', params: DARK },
        { type: 'applyTheme', params: DARK },
      ],
    },
    system: {
      entry: [
        { type: 'persistTheme', params: ({ context }) => systemTheme(context) },
        { type: 'applyTheme', params: ({ context }) => systemTheme(context) },
      ],
      invoke: { id: 'watchSystemTheme', src: 'watchSystemTheme' },
      on: {
        SYSTEM_THEME_CHANGED: {
          actions: ['setSystemPreference', { type: 'applyTheme', params: ({ context }) => systemTheme(context) }],
        },
      },
    },
  },
});

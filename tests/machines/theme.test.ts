import { expect } from 'vitest';
import { themeMachine, type ThemeParams } from '../../machines/theme.machine';
import { describeMachinePaths } from './pathRunner';

describeMachinePaths('theme machine', {
  machine: themeMachine,
  scenarios: [
    { name: 'stored light', input: { stored: 'light', systemPrefersDark: true } },
    { name: 'stored dark', input: { stored: 'dark', systemPrefersDark: false } },
    { name: 'nothing stored, dark system', input: { stored: null, systemPrefersDark: true } },
    { name: 'stored system, light system', input: { stored: 'system', systemPrefersDark: false } },
  ],
  events: [
    { type: 'SET_THEME', theme: 'light' },
    { type: 'SET_THEME', theme: 'dark' },
    { type: 'SET_THEME', theme: 'system' },
    { type: 'SYSTEM_THEME_CHANGED', dark: true },
    { type: 'SYSTEM_THEME_CHANGED', dark: false },
  ],
  // The system preference arrives through the running watcher's sendBack, as in the browser.
  callbacks: { watchSystemTheme: ['SYSTEM_THEME_CHANGED'] },
  assertState: (snapshot, { event, stepCalls, stepInvocations }) => {
    const applied = stepCalls('applyTheme').map((call) => call.params);
    const persisted = stepCalls('persistTheme').map((call) => call.params);
    const system: ThemeParams = { choice: 'system', resolved: snapshot.context.systemPrefersDark ? 'dark' : 'light' };
    const current: ThemeParams = snapshot.matches('light')
      ? { choice: 'light', resolved: 'light' }
      : snapshot.matches('dark')
        ? { choice: 'dark', resolved: 'dark' }
        : system;

    if (event.type === 'xstate.init') {
      const stored = snapshot.context.stored;
      expect(current.choice, 'the stored choice wins; system is the default').toBe(stored === 'light' || stored === 'dark' ? stored : 'system');
    }
    if (event.type === 'SET_THEME') expect(current.choice).toBe(event.theme);

    if (event.type === 'xstate.init' || event.type === 'SET_THEME') {
      // Entering a theme state stores and applies exactly that theme.
      expect(persisted).toEqual([current]);
      expect(applied).toEqual([current]);
      expect(stepInvocations('watchSystemTheme')).toHaveLength(current.choice === 'system' ? 1 : 0);
    }
    if (event.type === 'SYSTEM_THEME_CHANGED') {
      expect(snapshot.matches('system')).toBe(true);
      expect(snapshot.context.systemPrefersDark).toBe(event.dark);
      expect(applied).toEqual([{ choice: 'system', resolved: event.dark ? 'dark' : 'light' }]);
      expect(persisted, 'following the system is not a new choice').toEqual([]);
    }
  },
});

import { expect } from 'vitest';
import { appMachine, type AppInput } from '../../machines/app.machine';
import { describeMachinePaths } from './pathRunner';

const input: AppInput = {
  user: { readStoredLogin: () => null },
  theme: { stored: 'dark', systemPrefersDark: false },
  locale: { initial: 'fr' },
};

describeMachinePaths('app machine', {
  machine: appMachine,
  input,
  events: [],
  assertState: (snapshot, { invocations }) => {
    expect(snapshot.matches('running')).toBe(true);
    // Every global actor starts once, under the name the others use to reach it, with its part of the input.
    for (const id of ['user', 'login', 'loginModal', 'theme', 'locale', 'pageProgress', 'googleOneTap', 'earlyRenewal']) {
      expect(invocations(id), id).toHaveLength(1);
      expect(snapshot.children[id as keyof typeof snapshot.children]?.id).toBe(id);
    }
    expect(invocations('user')[0]?.input).toBe(input.user);
    expect(invocations('theme')[0]?.input).toBe(input.theme);
    expect(invocations('locale')[0]?.input).toBe(input.locale);
  },
});

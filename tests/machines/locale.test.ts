import { expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { localeMachine, type LoadCatalogInput, type LocaleParams } from '../../machines/locale.machine';
import { describeMachinePaths, done, failure } from './pathRunner';

describeMachinePaths('locale machine', {
  machine: localeMachine,
  input: { initial: 'en' },
  events: [
    done('loadCatalog', { messages: {} }),
    failure('loadCatalog', new Error('Catalogue unavailable')),
    { type: 'SET_LOCALE', locale: 'fr' },
    { type: 'SET_LOCALE', locale: 'en' },
    { type: 'RETRY' },
  ],
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { locale, requested, error } = snapshot.context;
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loadingCatalog'));
    expect(snapshot.hasTag('ready')).toBe(snapshot.matches('ready'));
    if (event.type === 'SET_LOCALE') expect(requested).toBe(event.locale);

    if (snapshot.matches('loadingCatalog')) {
      expect(stepInvocations('loadCatalog').map((invocation) => invocation.input)).toEqual([{ locale: requested }]);
      expect(locale, 'the old locale stays active while the new one loads').toBe(previous ? previous.context.locale : null);
    }
    if (snapshot.matches('ready')) {
      expect(locale).toBe(requested);
      expect(error).toBeNull();
      if (previous?.matches('loadingCatalog')) {
        expect(stepCalls('activateLocale').map((call) => call.params)).toEqual([{ locale: requested }]);
        expect(stepCalls('persistLocale').map((call) => call.params)).toEqual([{ locale: requested }]);
      }
    } else {
      expect(stepCalls('activateLocale')).toEqual([]);
      expect(stepCalls('persistLocale')).toEqual([]);
    }
    if (snapshot.matches('failed')) {
      expect(error).toBe('Catalogue unavailable');
      expect(locale, 'a failed load keeps the previous locale').toBe(previous?.context.locale);
    }
  },
});

it('locale machine: choosing the active locale again loads nothing', () => {
  const ready = localeMachine.resolveState({ value: 'ready', context: { locale: 'de', requested: 'de', error: null } });
  expect(ready.can({ type: 'SET_LOCALE', locale: 'de' })).toBe(false);
  expect(ready.can({ type: 'SET_LOCALE', locale: 'ru' })).toBe(true);
});

it('locale machine: a language chosen while the first catalogue loads is the one the page ends in', async () => {
  const loads: string[] = [];
  const activated: string[] = [];
  const pending = new Map<string, () => void>();
  const actor = createActor(
    localeMachine.provide({
      actors: {
        loadCatalog: fromPromise<unknown, LoadCatalogInput>(({ input }) => {
          loads.push(input.locale);
          return new Promise((resolve) => pending.set(input.locale, () => resolve({})));
        }),
      },
      actions: {
        activateLocale: (_, params: LocaleParams) => void activated.push(params.locale),
        persistLocale: () => undefined,
      },
    }),
    { input: { initial: 'en' } },
  ).start();
  actor.send({ type: 'SET_LOCALE', locale: 'de' });
  // The English load that was under way finishes late: it must not win over the visitor's choice.
  pending.get('en')?.();
  pending.get('de')?.();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(loads).toEqual(['en', 'de']);
  expect(activated).toEqual(['de']);
  expect(actor.getSnapshot().context.locale).toBe('de');
});

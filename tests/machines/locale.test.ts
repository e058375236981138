import { expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { localeMachine, type LoadCatalogInput, type LocaleParams } from '../../machines/locale.machine';
import { describeMachinePaths, done, failure } from './pathRunner';

describeMachinePaths('locale machine', {
  machine: localeMachine,
  scenarios: [
    { name: 'fetching the catalogue', input: { initial: 'en' } },
    { name: "on the page's messages", input: { initial: 'en', pageMessages: true } },
  ],
  events: [
    done('loadCatalog', { messages: {} }),
    failure('loadCatalog', new Error('Catalogue unavailable')),
    { type: 'SET_LOCALE', locale: 'fr' },
    { type: 'SET_LOCALE', locale: 'en' },
    { type: 'RETRY' },
    { type: 'CATALOGUE_WANTED' },
  ],
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { locale, requested, error } = snapshot.context;
    const partial = snapshot.matches('onPageMessages') || snapshot.matches('completingCatalogue');
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loadingCatalog'));
    expect(snapshot.hasTag('ready')).toBe(snapshot.matches('ready') || partial);
    expect(snapshot.hasTag('partialCatalogue')).toBe(partial);
    if (event.type === 'SET_LOCALE') expect(requested).toBe(event.locale);

    if (snapshot.matches('onPageMessages')) {
      expect(snapshot.context.startsOnPageMessages).toBe(true);
      expect(locale, "the page's own language is active at once").toBe('en');
      expect(stepInvocations('loadCatalog'), 'nothing is fetched until it is wanted').toEqual([]);
    }
    if (snapshot.matches('completingCatalogue')) {
      expect(event.type).toBe('CATALOGUE_WANTED');
      expect(stepInvocations('loadCatalog').map((invocation) => invocation.input)).toEqual([{ locale: 'en' }]);
      expect(locale, 'the page keeps its language while the rest comes').toBe('en');
    }
    if (snapshot.matches('loadingCatalog')) {
      expect(stepInvocations('loadCatalog').map((invocation) => invocation.input)).toEqual([{ locale: requested }]);
      expect(locale, 'the old locale stays active while the new one loads').toBe(previous ? previous.context.locale : null);
    }
    if (snapshot.matches('ready')) {
      expect(locale).toBe(requested);
      expect(error).toBeNull();
      if (previous?.matches('completingCatalogue')) {
        expect(stepCalls('activateLocale').map((call) => call.params)).toEqual([{ locale: 'en' }]);
        expect(stepCalls('persistLocale'), 'completing the start language chooses nothing').toEqual([]);
      } else if (previous?.matches('loadingCatalog')) {
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
  const ready = localeMachine.resolveState({ value: 'ready', context: { locale: 'de', requested: 'de', error: null, startsOnPageMessages: false } });
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

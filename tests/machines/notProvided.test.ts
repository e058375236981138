import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { isNotProvided, notProvidedAction, notProvidedActor, notProvidedCallback } from '../../machines/notProvided';
import { userMachine } from '../../machines/user.machine';

describe('not-provided defaults', () => {
  it('an actor default rejects, naming what is missing', async () => {
    await expect(toPromise(createActor(notProvidedActor<string>('lookupIpCountry')).start())).rejects.toThrow('lookupIpCountry not provided');
  });

  it('a callback default throws when started', () => {
    const actor = createActor(notProvidedCallback('watchSystemTheme'));
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(errors).toEqual([new Error('watchSystemTheme not provided')]);
  });

  it('an action default throws', () => {
    expect(() => notProvidedAction('cacheUser')({}, undefined)).toThrow('cacheUser not provided');
  });

  it('tells the defaults from real implementations', () => {
    expect(isNotProvided(notProvidedActor('a'))).toBe(true);
    expect(isNotProvided(notProvidedCallback('b'))).toBe(true);
    expect(isNotProvided(notProvidedAction('c'))).toBe(true);
    expect(isNotProvided(fromPromise(() => Promise.resolve(1)))).toBe(false);
    expect(isNotProvided(() => undefined)).toBe(false);
  });

  it('a machine run without its implementations fails by name, not silently', () => {
    const actor = createActor(userMachine, { input: { readStoredLogin: () => ({ token: 't', cachedUser: null }) } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    // The first missing piece it reaches is the tab watcher it starts at once: the actor stops, naming it.
    expect(errors).toEqual([new Error('watchOtherTabs not provided')]);
  });
});

import { describe, expect, it } from 'vitest';
import { inspectorWanted, redactSecrets } from '../../../src/services/inspector';

describe('the inspector', () => {
  it('is wanted only when the address asks for it (this test build is demo mode)', () => {
    expect(inspectorWanted('?inspect')).toBe(true);
    expect(inspectorWanted('?demo&inspect=1')).toBe(true);
    expect(inspectorWanted('')).toBe(false);
    expect(inspectorWanted('?inspector')).toBe(false);
  });

  it('never sees a secret: passwords, tokens, keys and credentials are redacted however deep', () => {
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const context = {
      request: { kind: 'email', email: 'ada@example.com', password: 'hunter2' },
      user: { id: 'u1', apiKey: 'nb_secret', credits: 5 },
      token: 'abc',
      turnstileToken: '',
      keys: [{ name: 'Default', apiKey: 'nb_other' }],
      readStoredLogin: () => null,
      actions: ['named', () => undefined],
      cycle,
    };
    expect(redactSecrets(context)).toEqual({
      request: { kind: 'email', email: 'ada@example.com', password: '[redacted]' },
      user: { id: 'u1', apiKey: '[redacted]', credits: 5 },
      token: '[redacted]',
      // Nothing to hide in an empty value: QA sees that no token was given.
      turnstileToken: '',
      keys: [{ name: 'Default', apiKey: '[redacted]' }],
      // Nothing that postMessage could not copy.
      actions: ['named', undefined],
      cycle: { name: 'loop', self: '[…]' },
    });
    // A promise actor's snapshot carries its input: redacted there too.
    expect(redactSecrets({ snapshot: { input: { request: { password: 'x' } }, output: { token: 'y' } } })).toEqual({
      snapshot: { input: { request: { password: '[redacted]' } }, output: { token: '[redacted]' } },
    });
    // The original is untouched.
    expect(context.request.password).toBe('hunter2');
  });
});

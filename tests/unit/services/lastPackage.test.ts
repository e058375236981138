import { describe, expect, it } from 'vitest';
import { LAST_PACKAGE_KEY, readLastPackage, saveLastPackage, type LastPackageStorage } from '../../../src/services/lastPackage';

function memoryStorage(initial: Record<string, string> = {}): LastPackageStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('the package an account bought last', () => {
  it('is remembered per account', () => {
    const storage = memoryStorage();
    expect(readLastPackage('acc-1', storage)).toBeNull();
    saveLastPackage('acc-1', 'starter', storage);
    saveLastPackage('acc-2', 'studio', storage);
    saveLastPackage('acc-1', 'builder', storage);
    expect(readLastPackage('acc-1', storage)).toBe('builder');
    expect(readLastPackage('acc-2', storage)).toBe('studio');
    expect(readLastPackage('acc-3', storage)).toBeNull();
  });

  it('reads back only a package the catalogue has, from a value that parses', () => {
    expect(readLastPackage('acc-1', memoryStorage({ [LAST_PACKAGE_KEY]: JSON.stringify({ 'acc-1': 'mega-9000' }) }))).toBeNull();
    expect(readLastPackage('acc-1', memoryStorage({ [LAST_PACKAGE_KEY]: '{not json' }))).toBeNull();
    expect(readLastPackage('acc-1', memoryStorage({ [LAST_PACKAGE_KEY]: JSON.stringify(['builder']) }))).toBeNull();
    expect(readLastPackage('acc-1', memoryStorage({ [LAST_PACKAGE_KEY]: JSON.stringify({ 'acc-1': 42 }) }))).toBeNull();
    const storage = memoryStorage();
    saveLastPackage('acc-1', 'mega-9000', storage);
    expect(storage.values.size).toBe(0);
  });

  it('keeps at most 20 accounts, dropping the one that bought longest ago', () => {
    const storage = memoryStorage();
    for (let index = 0; index < 21; index += 1) saveLastPackage(`acc-${index}`, 'starter', storage);
    expect(readLastPackage('acc-0', storage)).toBeNull();
    expect(readLastPackage('acc-1', storage)).toBe('starter');
    expect(readLastPackage('acc-20', storage)).toBe('starter');
  });

  it('survives storage that refuses to be read or written', () => {
    const broken: LastPackageStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readLastPackage('acc-1', broken)).toBeNull();
    expect(() => saveLastPackage('acc-1', 'starter', broken)).not.toThrow();
  });
});

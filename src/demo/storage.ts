/** The little of the Web Storage API the demo needs, so tests can hand in memory instead of localStorage. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** localStorage when the browser allows it; private modes that block it still get a working (forgetful) demo. */
export function browserStorage(): KeyValueStorage {
  try {
    const probe = '__nanobanana.demo.probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}

/** sessionStorage (the tab's visit) when the browser allows it; otherwise memory, forgotten with the page. */
export function browserSessionStorage(): KeyValueStorage {
  try {
    return window.sessionStorage;
  } catch {
    return memoryStorage();
  }
}

/** Writes, but a full or blocked storage only costs persistence, never the running demo. */
export function writeSafely(storage: KeyValueStorage, key: string, value: string): boolean {
  try {
    storage.setItem(key, value);
    return true;
  } catch (error) {
    console.warn('Demo mode could not save its data:', error);
    return false;
  }
}

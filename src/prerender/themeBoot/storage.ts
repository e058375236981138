/** A value the app keeps in localStorage, or null where storage is blocked (private modes): the defaults apply. */
export function storedValue(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

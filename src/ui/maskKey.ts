/** Enough of a key to recognise it, never enough to use it: `nb_a1b2…c3d4`. */
export function maskKey(key: string): string {
  return key.length <= 12 ? '•'.repeat(key.length) : `${key.slice(0, 6)}…${key.slice(-4)}`;
}

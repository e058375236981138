/**
 * A prerendered page starts with only the messages its start can show (src/main.tsx): code that loads later
 * (another page, a dialog's forms, a section that appears on demand) shows words it did not carry, and waits for
 * the whole catalogue of the language, which the locale actor fetches when asked. The boot sets how it is asked
 * for; a page that started with the whole catalogue (and the build's prerendering) has nothing to wait for.
 */
let wanted: () => Promise<void> = () => Promise.resolve();

export function setWholeCatalogue(want: () => Promise<void>): void {
  wanted = want;
}

/**
 * Asks for the whole catalogue and resolves once it is in, or could not be fetched (offline: the code that waits
 * most likely could not be fetched either; the next wait asks for the catalogue again).
 */
export function wholeCatalogue(): Promise<void> {
  return wanted();
}

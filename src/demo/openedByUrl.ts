/** `?demo` in the address opens the demo controls at once (QA's links). */
export function openedByUrl(): boolean {
  return new URLSearchParams(window.location.search).has('demo');
}

/**
 * Whether the API can answer yet. Live mode: always. Demo mode: once the in-browser API (a service worker)
 * runs; boot starts it without waiting, so the page paints first, and every request waits here instead.
 */
let ready: Promise<void> = Promise.resolve();

/** Boot hands in the demo worker's start; a failed start is logged and lets requests through (they then fail visibly). */
export function setBackendReady(starting: Promise<void>): void {
  ready = starting.catch((error: unknown) => {
    console.error('The demo API did not start; requests will fail.', error);
  });
}

export function backendReady(): Promise<void> {
  return ready;
}

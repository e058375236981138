/**
 * Whether the API can answer yet. Live mode: always. Demo mode: once the in-browser API (a service worker)
 * runs; it starts when the first request asks here (a first visit that requests nothing never loads it), and
 * every request waits for it.
 */
let ready: Promise<void> = Promise.resolve();
let start: (() => Promise<void>) | null = null;

/** A worker that has not started by then never will (it takes well under a second): requests go ahead and fail visibly. */
export const BACKEND_START_LIMIT_MS = 20_000;

/** Boot hands in the demo worker's start; a failed or stuck start is logged and lets requests through. */
export function setBackendReady(starting: Promise<void>): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`it did not start within ${BACKEND_START_LIMIT_MS / 1000} s`)), BACKEND_START_LIMIT_MS);
  });
  ready = Promise.race([starting, limit])
    .catch((error: unknown) => {
      console.error('The demo API did not start; requests will fail.', error);
    })
    .finally(() => clearTimeout(timer));
}

/** Boot hands in how to start the demo's API; it is started by the first `backendReady()`. */
export function setBackendStarter(starter: () => Promise<void>): void {
  start = starter;
}

export function backendReady(): Promise<void> {
  if (start) {
    const starting = start;
    start = null;
    setBackendReady(starting());
  }
  return ready;
}

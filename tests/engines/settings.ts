/**
 * Where the engine smoke set serves the demo build and runs WebKit's driver. ENGINES_PORT moves both (the driver
 * takes the next port), so that several runs can share a machine.
 */
export const PREVIEW_PORT = Number(process.env.ENGINES_PORT ?? 4177);
export const WEBKIT_DRIVER_PORT = Number(process.env.ENGINES_DRIVER_PORT ?? PREVIEW_PORT + 1);
export const BASE_URL = `http://localhost:${PREVIEW_PORT}`;
/** The demo build under test (`npm run build` writes it). */
export const DIST = process.env.ENGINES_DIST ?? 'dist';
/** Where a failed journey leaves its screenshot. */
export const RESULTS_DIR = 'test-results/engines';

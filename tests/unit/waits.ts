/**
 * How long a unit test waits for an outcome (an element, a message, a state) before it fails: the wait ends as soon
 * as the outcome is there, so this only matters when the machine is busy. Testing Library and Vitest give up after
 * 1 s by default, which a lazy part (a chunk Vite transforms on first import) or a mocked server's answer can take on
 * a two-core machine running two test workers beside browser tests; 10 s is what the browser tests allow.
 */
export const OUTCOME_TIMEOUT_MS = 10_000;

/** For `vi.waitFor`, whose 1 s default cannot be configured (use it only with real timers: with fake ones, each try
 * advances the clock, so a longer wait could carry a machine past the state the test looks for). */
export const untilOutcome = { timeout: OUTCOME_TIMEOUT_MS } as const;

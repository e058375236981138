/**
 * How long the playground waits for a task to settle before it stops asking. The code samples wait as long: they
 * import it from here rather than from the chart, so that a page with a sample does not load the chart with it.
 */
export const GENERATION_TIME_LIMIT_MS = 3 * 60 * 1000;

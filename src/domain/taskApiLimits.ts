/**
 * What the public image-task API documents about keeping results and about its rate limit (docs/api.md,
 * "Limits and retention"). The landing page's FAQ states them; change them here if the host's documentation does.
 */

/** The model vendor's original image link (`originImageUrl`) works about this long. */
export const ORIGIN_LINK_MINUTES = 10;
/** The platform's stored files (`resultImageUrl`) are deleted after this many days. */
export const STORED_RESULT_DAYS = 14;
/** New generation tasks accepted per window, per account; more are refused with 429 and not queued. */
export const NEW_TASKS_PER_WINDOW = 20;
export const RATE_WINDOW_SECONDS = 10;

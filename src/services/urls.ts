/**
 * The one rule for addresses that come from outside (a response, a stored request, a query): only http(s)
 * may become a link, an image, a download or a navigation. `javascript:`, `data:`, `blob:` and the like never do.
 */

/**
 * `text` as an http(s) URL, read relative to `base` when one is given (a path an API hands out is on that
 * API's host, not the page's); null for any other scheme, or when it is no URL at all.
 */
export function httpUrl(text: string, base?: string): URL | null {
  try {
    const url = new URL(text, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether text is an absolute http(s) URL: what the task API takes for images and callbacks. */
export function isHttpUrl(text: string): boolean {
  return httpUrl(text) !== null;
}

/**
 * For an `href` or `src` fed from outside: the address when it is http(s) (read against `base` when given),
 * else undefined, which React leaves out of the page altogether.
 */
export function safeHref(text: string | null | undefined, base?: string): string | undefined {
  return (text && httpUrl(text, base)?.href) || undefined;
}

/**
 * The errors nginx answers itself, most of them before it has chosen a location (the request line or a header could
 * not be read), and the page of our own each shows instead of nginx's (which names the server). The build writes the
 * pages (src/prerender/RequestErrorPage.tsx) and the nginx config points each status at its page (nginx-config.ts):
 * one list, so a status cannot have a page nginx never shows, nor nginx a page the build never wrote. Build-time
 * data, read in Node by nginx-config.ts: it imports nothing.
 */

/** What went wrong, as the visitor can act on it: each kind is its own wording. */
export type RequestErrorKind = 'refused' | 'addressTooLong' | 'headersTooLarge';

export interface RequestErrorPage {
  /** The status nginx finishes the request with. */
  status: number;
  /** The status sent instead, when nginx's own is not one a client knows (494). */
  sentAs?: number;
  kind: RequestErrorKind;
}

/**
 * From nginx's documentation ("Module ngx_http_core_module", https://nginx.org/en/docs/http/ngx_http_core_module.html)
 * and, where it says less, its source:
 * - 400: a request line or header nginx cannot parse, a missing or invalid Host, both Content-Length and
 *   Transfer-Encoding. 505: an HTTP version above 1.x. 501: a Transfer-Encoding other than chunked. All while the
 *   request line and headers are read, before a location is chosen (src/http/ngx_http_request.c).
 * - 414: "A request line cannot exceed the size of one buffer, or the 414 (Request-URI Too Large) error is returned"
 *   (#large_client_header_buffers; 8k by default), before a location.
 * - 494: the same paragraph: "A request header field cannot exceed the size of one buffer as well, or the 400 (Bad
 *   Request) error is returned". Inside, nginx finishes such a request with a code of its own, 494, and sends it as
 *   "400 Bad Request" with its page "Request Header Or Cookie Too Large" (err_494_page in
 *   src/http/ngx_http_special_response.c); error_page can name 494. It is sent here as 431 Request Header Fields Too
 *   Large (RFC 6585, section 5, https://www.rfc-editor.org/rfc/rfc6585#section-5), which says what happened, with
 *   error_page's `=response`.
 * - 413: "If the size in a request exceeds the configured value, the 413 (Request Entity Too Large) error is returned"
 *   (#client_max_body_size; 1m by default), checked on the declared length as the location is found. A client that
 *   closes its side of the connection right after the headers may still get nginx's own page, after 5 s (seen once in
 *   20 tries with nginx 1.22, cause not found); a browser keeps the connection open for the answer.
 * - 405: a method other than GET or HEAD on a file (the static module's answer), inside a location.
 * Not here: 408 is never sent. #client_header_timeout says the request "is terminated with the 408 (Request Time-out)
 * error", but nginx only logs that code and closes the connection without an answer (seen with nginx 1.22).
 * 416 (a range past the file's end) keeps nginx's page: an error_page there repeats the file's
 * headers (its ETag, and ours twice), and a browser never shows its body. 403 and 500 do not happen while the build's
 * files are readable.
 */
export const REQUEST_ERROR_PAGES: readonly RequestErrorPage[] = [
  { status: 400, kind: 'refused' },
  { status: 405, kind: 'refused' },
  { status: 413, kind: 'refused' },
  { status: 414, kind: 'addressTooLong' },
  { status: 494, sentAs: 431, kind: 'headersTooLarge' },
  { status: 501, kind: 'refused' },
  { status: 505, kind: 'refused' },
];

/** The status the visitor gets. */
export function sentStatus(page: RequestErrorPage): number {
  return page.sentAs ?? page.status;
}

/**
 * Where the page is written, relative to the build directory, and its address for nginx's internal redirect: under
 * `.nginx/`, which the config never serves to a visitor who asks for it.
 */
export function requestErrorFile(page: RequestErrorPage): string {
  return `.nginx/errors/${sentStatus(page)}.html`;
}

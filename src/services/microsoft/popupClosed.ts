/**
 * MSAL v5 hears a popup's answer from the redirect bridge page (a BroadcastChannel message), and notices a popup the
 * visitor closed only when its bridge timeout (60 s) runs out. A closed popup is a cancelled sign-in here, said at
 * once: this races MSAL's wait against the popup's `closed` flag.
 *
 * The flag also reads true for a popup still open that a page with Cross-Origin-Opener-Policy has cut off from this
 * window. Entra ID sends that header when MSAL reports that another site's window can reach this tab (its `pocd`
 * check): then the flag says nothing, and MSAL's own wait decides (`closedFlagIsTrustworthy`). A tenant that hands the
 * sign-in to another identity provider whose pages send the header is cut off the same way, and would read as
 * cancelled: no browser tells the two apart.
 */

/** How often the popup is looked at: a person closing a window does not notice a quarter of a second. */
export const POPUP_CLOSED_POLL_MS = 250;
/**
 * The bridge page posts the answer and then closes its own window, so `closed` can turn true a moment before the
 * message arrives here. A closed popup counts as cancelled only when no answer followed within this grace.
 */
export const POPUP_ANSWER_GRACE_MS = 1000;

export interface PopupWatchTimings {
  pollMs?: number;
  graceMs?: number;
}

/**
 * MSAL's `answer`, unless the popup is closed first and no answer follows within the grace: then `cancelled()`'s
 * error. Whichever loses is ignored (MSAL's own wait still times out later, unheard).
 */
export function answerOrClosed<T>(
  answer: Promise<T>,
  popup: Pick<Window, 'closed'>,
  cancelled: () => Error,
  { pollMs = POPUP_CLOSED_POLL_MS, graceMs = POPUP_ANSWER_GRACE_MS }: PopupWatchTimings = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const finish = (report: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      if (grace !== undefined) clearTimeout(grace);
      report();
    };
    const poll = setInterval(() => {
      if (!popup.closed || grace !== undefined) return;
      grace = setTimeout(() => finish(() => reject(cancelled())), graceMs);
    }, pollMs);
    answer.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

/**
 * Whether a popup's `closed` flag means what it says: false when this tab was opened by another site's page (its
 * opener is cross-origin), the case in which Entra ID cuts the popup off (MSAL's `pocd` check, the same test).
 */
export function closedFlagIsTrustworthy(win: Window): boolean {
  try {
    const opener: unknown = win.top?.opener;
    if (!opener || opener === win.top) return true;
    // Throws for a cross-origin opener.
    void (opener as Window).location.href;
    return true;
  } catch {
    return false;
  }
}

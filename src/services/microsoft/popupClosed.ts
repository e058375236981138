/**
 * MSAL v5 hears a popup's answer from the redirect bridge page (a BroadcastChannel message), and notices a popup the
 * visitor closed only when its bridge timeout (60 s) runs out. A closed popup is a cancelled sign-in here, said at
 * once: this races MSAL's wait against the popup's `closed` flag.
 *
 * The flag alone cannot be trusted: it also reads true for a popup still open that a page with
 * Cross-Origin-Opener-Policy has cut off from this window (Entra ID sends that header when another site's window can
 * reach this tab, and so may the identity provider a tenant hands the sign-in to). The answer still arrives through the
 * bridge then. What tells the two apart is where the visitor is: a closed popup gives the focus back to this page, a
 * cut-off one keeps it. So the sign-in counts as cancelled only once the popup reads closed AND this page has the focus.
 */

/** How often the popup is looked at: a person closing a window does not notice a quarter of a second. */
export const POPUP_CLOSED_POLL_MS = 250;
/**
 * The bridge page posts the answer and then closes its own window, so `closed` can turn true a moment before the
 * message arrives here. A closed popup counts as cancelled only when no answer followed within this grace.
 */
export const POPUP_ANSWER_GRACE_MS = 1000;

export interface PopupWatch {
  /** The popup MSAL opened. */
  popup: Pick<Window, 'closed'>;
  /** Whether the visitor is on this page (it has the focus), not in a popup that merely reads closed. */
  visitorIsBack: () => boolean;
  pollMs?: number;
  graceMs?: number;
}

/**
 * MSAL's `answer`, unless the popup is closed with the visitor back on this page first and no answer follows within
 * the grace: then `cancelled()`'s error. Whichever loses is ignored (MSAL's own wait still times out later, unheard).
 */
export function answerOrClosed<T>(
  answer: Promise<T>,
  { popup, visitorIsBack, pollMs = POPUP_CLOSED_POLL_MS, graceMs = POPUP_ANSWER_GRACE_MS }: PopupWatch,
  cancelled: () => Error,
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
      if (grace !== undefined || !popup.closed || !visitorIsBack()) return;
      grace = setTimeout(() => finish(() => reject(cancelled())), graceMs);
    }, pollMs);
    answer.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

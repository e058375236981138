/** Where keyboard focus goes when a modal closes: shared by the app's dialogs and the demo's pickers. */

/** Whether focus can go back to `element`: still on the page, shown, and not disabled. */
function canTakeFocus(element: HTMLElement | null): element is HTMLElement {
  return element !== null && element !== document.body && element.isConnected && element.getClientRects().length > 0 && !element.matches(':disabled');
}

/**
 * Focus goes back to where it was when the dialog opened. When that element is gone (its row was deleted,
 * the user signed in and the header changed, the page changed) or there was none (the dialog opened by
 * itself), it goes to the page's main heading, so a keyboard user carries on from the top of the content
 * instead of from the top of the document.
 */
export function returnFocus(opener: HTMLElement | null) {
  if (canTakeFocus(opener)) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  // A button still busy with what the dialog started (a sign-in popup being cancelled) is enabled again a moment
  // later: focus waits for it rather than jumping to the top of the content.
  if (opener !== null && opener.isConnected && opener.matches(':disabled')) {
    focusWhenEnabled(opener);
    return;
  }
  focusMainHeading();
}

/** How many frames focus waits for a busy opener (about a second). */
const ENABLE_WAIT_FRAMES = 60;

function focusWhenEnabled(opener: HTMLElement) {
  let frames = 0;
  const tick = () => {
    // The user moved on meanwhile: their focus stays where they put it.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const gone = !opener.isConnected;
    if (canTakeFocus(opener)) {
      opener.focus();
      return;
    }
    frames += 1;
    if (frames > ENABLE_WAIT_FRAMES || gone) focusMainHeading();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** How many frames focus waits for a page still loading to show its heading (about five seconds). */
const HEADING_WAIT_FRAMES = 300;

/** What the visitor does that says they have moved on: focus stays where that puts it. */
const VISITOR_ACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Focus on the page's main heading (or its main), as a keyboard user's place to carry on from. A page still
 * loading (a dialog that opened by itself over a page being reloaded) may have no heading yet, or may still be
 * hidden until the app has rendered it (src/prerender/boot.ts), where focus cannot land: focus takes what it can at
 * once, then moves to the heading when it can, unless the visitor has done anything meanwhile (a key, a press, a
 * tap that opened a menu), which keeps its focus.
 */
export function focusMainHeading() {
  let ownFocus = false;
  // Whether focus is on the heading now; else it is on the main, if that could take it.
  const focusLanding = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1');
    ownFocus = true;
    focusFromScript(heading ?? document.querySelector<HTMLElement>('main'));
    ownFocus = false;
    return heading !== null && document.activeElement === heading;
  };
  if (focusLanding()) return;

  let frames = 0;
  let movedOn = false;
  const onAction = () => {
    if (!ownFocus) movedOn = true;
  };
  const stopWatching = () => {
    for (const type of VISITOR_ACTIONS) document.removeEventListener(type, onAction, true);
  };
  for (const type of VISITOR_ACTIONS) document.addEventListener(type, onAction, true);
  const tick = () => {
    const active = document.activeElement;
    const stillOurs = active === null || active === document.body || active === document.querySelector('main');
    frames += 1;
    if (movedOn || !stillOurs || focusLanding() || frames > HEADING_WAIT_FRAMES) stopWatching();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

function focusFromScript(landing: HTMLElement | null) {
  if (!landing) return;
  // Focusable from script only: it does not become a stop in the Tab order.
  if (!landing.hasAttribute('tabindex')) landing.tabIndex = -1;
  landing.focus();
}

/**
 * For a modal that is unmounted while open (its owner stopped rendering it): the browser drops focus with
 * it, so once the page has settled, and unless something else took focus, it goes back as a close would.
 */
export function returnFocusAfterUnmount(opener: HTMLElement | null) {
  requestAnimationFrame(() => {
    if (document.activeElement === null || document.activeElement === document.body) returnFocus(opener);
  });
}

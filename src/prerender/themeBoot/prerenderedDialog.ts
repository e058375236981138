import { OPENS_DIALOG_ATTRIBUTE, PRERENDERED_DIALOG_ATTRIBUTE, READY_EVENT } from '../boot';
import { typeInto, type HeldClicks } from './heldInput';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

// What the visitor fills in (a widget's hidden input is not one of them).
const FIELDS = 'input:not([type="hidden"]), textarea, select';
/** How long the copy waits, once the app is ready, for the app's own dialog (and its forms) to open in its place. */
const TAKE_OVER_WAIT_MS = 10_000;

function fieldsOf(dialog: Element): Field[] {
  return Array.prototype.slice.call(dialog.querySelectorAll(FIELDS)) as Field[];
}

/** The words of a dialog's title. */
function titleOf(dialog: Element): string {
  return (dialog.querySelector('h2')?.textContent ?? '').trim();
}

/** Whether the app's dialog has the copy's fields, in the same order: the same kinds, as it renders them. */
function sameFields(copy: Field[], app: Field[]): boolean {
  return copy.length === app.length && copy.every((field, index) => field.type === app[index]!.type);
}

/** Empties the copy's forms: it opens again as new, and keeps no password once the app has it. */
function emptied(copy: HTMLDialogElement): void {
  for (const form of Array.prototype.slice.call(copy.querySelectorAll('form')) as HTMLFormElement[]) form.reset();
}

/** A button of the app's dialog that does what `button` of the copy does: the same kind, the same words. */
function sameButton(dialog: Element, button: HTMLButtonElement): HTMLButtonElement | null {
  const words = (button.textContent ?? '').trim();
  const buttons = Array.prototype.slice.call(dialog.querySelectorAll('button')) as HTMLButtonElement[];
  return buttons.filter((candidate) => candidate.type === button.type && (candidate.textContent ?? '').trim() === words)[0] ?? null;
}

/**
 * "Sign in" or "Get API key" tapped before the app has started opens the build's copy of the sign-in dialog at once
 * (src/prerender/render.tsx, renderPrerenderedDialogs), instead of after the app's code has been fetched, run and
 * has hydrated the page. The tap itself is held (heldInput.ts) and replayed once the app is ready, which opens the
 * app's own dialog over the copy: then what was typed into the copy is typed into the app's fields, the focus moves
 * to the same field, the copy closes, and a button pressed in it meanwhile (Sign in, Create an account) is pressed
 * in the app's dialog. Closing the copy before the app came forgets the held tap.
 */
export function openPrerenderedDialogs(root: HTMLElement, heldClicks: HeldClicks | null): void {
  if (!heldClicks) return;
  let appReady = false;
  let open: { copy: HTMLDialogElement; opener: HTMLElement; pressed: HTMLButtonElement | null } | null = null;

  // The visitor closed the copy (or the app will not open its dialog): the held tap is forgotten, and the focus goes
  // back to what opened it.
  const close = () => {
    if (!open) return;
    const { copy, opener } = open;
    open = null;
    heldClicks.drop(opener);
    if (copy.open) copy.close();
    emptied(copy);
    if (opener.isConnected) opener.focus();
  };

  // On the window, so that it hears the tap before the hold on the document stops it.
  window.addEventListener(
    'click',
    (event) => {
      // Not once the app is ready (its own dialog opens), nor once its start has failed (the copy could send nothing).
      if (appReady || open || root.dataset.start === 'failed' || !(event.target instanceof Element)) return;
      const opener = event.target.closest<HTMLElement>('[' + OPENS_DIALOG_ATTRIBUTE + ']');
      if (!opener || !opener.closest('#root')) return;
      const copy = document.querySelector<HTMLDialogElement>(
        'dialog[' + PRERENDERED_DIALOG_ATTRIBUTE + '="' + opener.getAttribute(OPENS_DIALOG_ATTRIBUTE) + '"]',
      );
      if (!copy || typeof copy.showModal !== 'function') return;
      open = { copy, opener, pressed: null };
      const field = copy.querySelector<HTMLElement>('[data-autofocus]');
      if (field) field.setAttribute('autofocus', '');
      copy.showModal();
    },
    true,
  );

  // The copies come later in the document than this script: what happens in them is heard on the window (in the
  // capture phase, as `cancel` does not bubble), for the one that is open.
  const inOpenCopy = (event: Event): HTMLDialogElement | null =>
    open && event.target instanceof Node && open.copy.contains(event.target) ? open.copy : null;
  // Escape.
  window.addEventListener(
    'cancel',
    (event) => {
      if (!inOpenCopy(event)) return;
      event.preventDefault();
      close();
    },
    true,
  );
  // Closed by the browser without a `cancel` it lets be prevented (a close request it does not let a page refuse),
  // or by a start that failed (src/prerender/startFailure.ts), after which the page's controls stay held as they are.
  window.addEventListener(
    'close',
    (event) => {
      if (!open || event.target !== open.copy) return;
      if (root.dataset.start !== 'failed') close();
      else {
        const { copy, opener } = open;
        open = null;
        emptied(copy);
        opener.focus();
      }
    },
    true,
  );
  // The backdrop.
  window.addEventListener(
    'mousedown',
    (event) => {
      if (open && event.target === open.copy) close();
    },
    true,
  );
  window.addEventListener(
    'submit',
    (event) => {
      const copy = inOpenCopy(event);
      if (!copy || !open) return;
      event.preventDefault();
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      const submitter =
        (event as SubmitEvent).submitter instanceof HTMLButtonElement
          ? ((event as SubmitEvent).submitter as HTMLButtonElement)
          : form
            ? form.querySelector<HTMLButtonElement>('button[type="submit"]')
            : null;
      if (submitter) open.pressed = submitter;
    },
    true,
  );
  window.addEventListener(
    'click',
    (event) => {
      const copy = inOpenCopy(event);
      const button = copy && event.target instanceof Element ? event.target.closest('button') : null;
      if (!copy || !button || !open) return;
      // The close button is the first in the dialog's header.
      if (button === copy.querySelector('header button')) {
        close();
        return;
      }
      // A submit button submits the form (heard above); anything else waits for the app's dialog.
      if (button.type === 'submit') return;
      event.preventDefault();
      open.pressed = button;
    },
    true,
  );

  // Registered after heldInput's: the held tap has been replayed, and the app's dialog is opening.
  document.addEventListener(
    READY_EVENT,
    () => {
      appReady = true;
      if (!open) return;
      const current = open;
      const { copy, opener, pressed } = current;
      // The tap was not replayed (its control is gone: the header changed for an account signed in meanwhile).
      if (!opener.isConnected) {
        close();
        return;
      }
      const typed = fieldsOf(copy);
      const focused = typed.indexOf(document.activeElement as Field);
      const title = titleOf(copy);
      const giveUpAt = Date.now() + TAKE_OVER_WAIT_MS;
      let appDialogSeen = false;
      const takeOver = () => {
        if (open !== current) return;
        const dialogs = Array.prototype.slice.call(document.querySelectorAll('#root dialog[open]')) as HTMLDialogElement[];
        const dialog = dialogs.filter((candidate) => titleOf(candidate) === title)[0];
        if (dialog) appDialogSeen = true;
        const fields = dialog ? fieldsOf(dialog) : [];
        if (!dialog || !sameFields(typed, fields)) {
          // The app's dialog closed while its form was still on its way (the visitor closed it): so does the copy.
          if (appDialogSeen && !dialog) close();
          else if (Date.now() < giveUpAt) requestAnimationFrame(takeOver);
          else close();
          return;
        }
        open = null;
        typed.forEach((field, index) => {
          if (field instanceof HTMLSelectElement || field.value !== field.defaultValue) typeInto(fields[index]!, field.value);
        });
        // Closed first: a closing dialog gives the focus back to where it was before it opened.
        copy.close();
        emptied(copy);
        if (focused !== -1) fields[focused]!.focus();
        const same = pressed ? sameButton(dialog, pressed) : null;
        if (same) same.click();
      };
      takeOver();
    },
    { once: true },
  );
}

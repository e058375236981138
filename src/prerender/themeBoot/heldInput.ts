import { HYDRATED_EVENT, READY_EVENT } from '../boot';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What was typed, chosen or ticked in a field before React owned it. */
interface TypedEntry {
  field: Field;
  value: string;
  checked: boolean;
  /** A ticked box's state before the visitor's first change. */
  before: boolean;
  /** The field is one React rendered anew, holding nothing typed. */
  replaced?: boolean;
}

/** What a click is held on: the page's controls (links and a <details>' summary need no script). */
const HELD_CONTROLS = 'button, label, input[type="checkbox"], input[type="radio"], [role="button"]';

function inRoot(element: unknown): boolean {
  return element instanceof Element && element.closest('#root') !== null;
}

function isTick(element: unknown): element is HTMLInputElement {
  return element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
}

function isField(element: unknown): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** The control a <label> is for (read as a property: the page's other elements have none). */
function labelled(element: Element): unknown {
  return (element as Partial<HTMLLabelElement>).control;
}

/**
 * A page React rendered anew instead of hydrating it (an update reached it before its code was in) has new
 * elements: the field is found again by what names it, `data-field` or `name` (a tick by its group and value).
 */
function fieldNow(field: Field): Field | null {
  if (field.isConnected) return field;
  const byDataField = !isTick(field) && field.hasAttribute('data-field');
  const attribute = byDataField ? 'data-field' : 'name';
  const name = field.getAttribute(attribute);
  if (!name) return null;
  let selector = '#root ' + field.tagName.toLowerCase() + '[' + attribute + '="' + CSS.escape(name) + '"]';
  if (isTick(field)) selector += '[value="' + CSS.escape(field.value) + '"]';
  const found = document.querySelector(selector);
  return isField(found) ? found : null;
}

/**
 * React keeps a field's last known value (or checked state) on the element and ignores an event that does not
 * change it: the value is set through the element's own property (React's record) to what React had, then
 * the change is made as the DOM's, so the event reads as the change it is. A tick is made again by a click,
 * the event React listens to for it; a select's choice is chosen again.
 */
function handOver(entry: TypedEntry): void {
  const field = entry.field;
  if (isTick(field)) {
    if (entry.checked === entry.before) return;
    field.checked = entry.before;
    field.click();
    return;
  }
  typeInto(field, field instanceof HTMLSelectElement || entry.replaced ? entry.value : field.value);
}

/** Gives a field React owns `value` as if it had been typed (see handOver). */
export function typeInto(field: Field, value: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
  if (!descriptor || !descriptor.set) return;
  field.value = '';
  descriptor.set.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** What the other boot parts may do with the clicks held until the app is ready. */
export interface HeldClicks {
  /** Forgets a held click: the visitor undid what it asked for (closed the dialog it opened) before the app came. */
  drop(control: HTMLElement): void;
}

/**
 * Clicks on controls before the page is hydrated would do nothing: they are held, and replayed once the app
 * is ready (READY_EVENT), a progress pointer and bar showing meanwhile (data-holding). So are form submissions
 * (Enter in a field). What is typed, chosen in a select or ticked meanwhile (a checkbox or radio button is left
 * to change as it does without script) shows in the field, but React has not seen it: it is handed over as the
 * event React listens to the moment React owns the page (HYDRATED_EVENT), so before the held clicks (a held
 * "Generate" must see the prompt typed before it).
 */
export function holdInputUntilHydrated(root: HTMLElement): HeldClicks | null {
  if (root.dataset.boot !== 'hydrate') return null;
  const held: HTMLElement[] = [];
  let typed: TypedEntry[] = [];
  const hold = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
    if (!control || !inRoot(control) || isTick(control) || isTick(labelled(control))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.indexOf(control) === -1) held.push(control);
    root.dataset.holding = '';
  };
  const holdSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !inRoot(form)) return;
    event.preventDefault();
    if (held.indexOf(form) === -1) held.push(form);
    root.dataset.holding = '';
  };
  // A select's choice and a tick are noted as made: hydration sets the element back to what React renders.
  // A ticked box remembers the state it had before the visitor's first change.
  const noteTyping = (event: Event) => {
    const field = event.target;
    if (!isField(field) || !inRoot(field)) return;
    const checked = isTick(field) && field.checked;
    let found = typed.filter((entry) => entry.field === field)[0];
    if (!found) typed.push((found = { field, value: field.value, checked, before: !checked }));
    found.value = field.value;
    found.checked = checked;
    // A radio button chosen unchecks the others of its group, which hear nothing: their notes go.
    if (field.type === 'radio') {
      const group = field.name;
      typed = typed.filter((entry) => entry.field === field || entry.field.type !== 'radio' || entry.field.name !== group);
    }
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('input', noteTyping, true);
  document.addEventListener('change', noteTyping, true);
  document.addEventListener(
    HYDRATED_EVENT,
    () => {
      document.removeEventListener('input', noteTyping, true);
      document.removeEventListener('change', noteTyping, true);
      typed.forEach((entry) => {
        const field = fieldNow(entry.field);
        if (!field) return;
        // A new field holds nothing typed: it gets the value noted as typed.
        entry.replaced = field !== entry.field;
        entry.field = field;
        handOver(entry);
      });
    },
    { once: true },
  );
  document.addEventListener(
    READY_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      document.removeEventListener('submit', holdSubmit, true);
      delete root.dataset.holding;
      held.forEach((target) => {
        if (!target.isConnected) return;
        if (target instanceof HTMLFormElement) target.requestSubmit();
        else target.click();
      });
    },
    { once: true },
  );
  return {
    drop: (control) => {
      const at = held.indexOf(control);
      if (at !== -1) held.splice(at, 1);
      if (held.length === 0) delete root.dataset.holding;
    },
  };
}

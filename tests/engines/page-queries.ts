import type { NameMatch, Role, Target } from './driver';

/** What page functions get as their first argument: finding elements as a user would, inside the page. */
export interface PageQueries {
  /** The first visible element the target names, or null. */
  find(target: Target): HTMLElement | null;
  /** Every visible element the target names. */
  findAll(target: Target): HTMLElement[];
  isVisible(element: Element): boolean;
  /** Marks the element so the driver can reach it with a CSS selector; returns that selector. */
  mark(element: Element): string;
}

/**
 * Builds the queries inside the page. Its source text is sent to the page with every evaluation (engine-page.ts),
 * so it must stay self-contained: no imports and no names from outside its body. It implements the part of the
 * accessible-name rules the app's markup uses (aria-labelledby, aria-label, labels, alt, title, text), which is
 * enough to find what the Chromium tests find with Playwright's `getByRole`.
 */
export function pageQueries(): PageQueries {
  const ROLE_SELECTORS: Record<Role, string> = {
    banner: 'header:not(main header, article header, section header), [role="banner"]',
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    link: 'a[href], [role="link"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
    textbox:
      'input:not([type]), input[type="text"], input[type="email"], input[type="password"], input[type="search"], input[type="number"], input[type="url"], input[type="tel"], textarea, [role="textbox"]',
    combobox: 'select, [role="combobox"]',
    radio: 'input[type="radio"], [role="radio"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
    form: 'form[aria-label], form[aria-labelledby], [role="form"]',
    row: 'tr, [role="row"]',
    img: 'img, svg[role="img"], [role="img"]',
    navigation: 'nav, [role="navigation"]',
    status: 'output, [role="status"]',
  };
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  // Hidden text counts only where a label points at it (aria-labelledby), as in the accessible-name rules.
  const textOf = (element: Element, includeHidden = false): string => {
    if (!includeHidden && element instanceof HTMLElement && getComputedStyle(element).display === 'none') return '';
    if (element instanceof HTMLImageElement) return element.alt;
    let text = '';
    for (const node of element.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
      else if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true')
        text += ` ${node.getAttribute('aria-label') ?? textOf(node, includeHidden)} `;
    }
    return text;
  };
  const accessibleName = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy)
      return squash(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id))
          .map((label) => (label ? textOf(label, true) : ''))
          .join(' '),
      );
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    const labels = 'labels' in element ? (element as HTMLInputElement).labels : null;
    if (labels && labels.length > 0) return squash([...labels].map((label) => textOf(label)).join(' '));
    if (element instanceof HTMLImageElement) return squash(element.alt);
    if (element instanceof HTMLInputElement && (element.type === 'submit' || element.type === 'button')) return squash(element.value);
    const ownText = element.matches('input, select, textarea, dialog, section, form, nav, header, [role="dialog"], [role="region"]')
      ? ''
      : squash(textOf(element));
    return ownText || squash(element.getAttribute('title'));
  };
  const matches = (actual: string, wanted: NameMatch | undefined) =>
    wanted === undefined || (typeof wanted === 'string' ? actual === wanted : new RegExp(wanted.pattern, wanted.flags).test(actual));
  function isVisible(element: Element): boolean {
    if (!element.isConnected) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return false;
    return element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0;
  }
  function findAll(target: Target): HTMLElement[] {
    const scopes: ParentNode[] = target.within ? findAll(target.within) : [document];
    const found = new Set<HTMLElement>();
    for (const scope of scopes) {
      if ('role' in target) {
        for (const element of scope.querySelectorAll<HTMLElement>(ROLE_SELECTORS[target.role]))
          if (isVisible(element) && matches(accessibleName(element), target.name)) found.add(element);
      } else if ('text' in target) {
        // The innermost elements whose text matches: a paragraph, not the page around it.
        for (const element of scope.querySelectorAll<HTMLElement>('body *:not(script, style)')) {
          if (!isVisible(element) || !matches(squash(element.textContent), target.text)) continue;
          const inner = [...element.children].some((child) => matches(squash(child.textContent), target.text));
          if (!inner) found.add(element);
        }
      } else {
        for (const element of scope.querySelectorAll<HTMLElement>(target.css)) if (isVisible(element)) found.add(element);
      }
    }
    return [...found];
  }
  let marks = 0;
  return {
    find: (target) => findAll(target)[0] ?? null,
    findAll,
    isVisible,
    mark(element) {
      const token = `${Date.now().toString(36)}-${(marks += 1)}`;
      element.setAttribute('data-engine-target', token);
      return `[data-engine-target="${token}"]`;
    },
  };
}

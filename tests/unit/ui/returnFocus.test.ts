import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusMainHeading, returnFocus } from '../../../src/ui/returnFocus';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function addHeading(text: string): HTMLHeadingElement {
  const heading = document.createElement('h1');
  heading.textContent = text;
  document.querySelector('main')?.append(heading);
  return heading;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('focus after a dialog', () => {
  it('goes to the main heading at once when the page shows one', () => {
    document.body.innerHTML = '<main><h1>Settings</h1></main>';
    focusMainHeading();
    expect(document.activeElement?.textContent).toBe('Settings');
  });

  it('takes the main of a page still loading, then its heading once it shows', async () => {
    document.body.innerHTML = '<main aria-busy="true"></main>';
    returnFocus(null);
    expect(document.activeElement).toBe(document.querySelector('main'));
    await nextFrame();
    const heading = addHeading('Settings');
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(heading);
    // Focusable from script only, not a Tab stop.
    expect(heading.tabIndex).toBe(-1);
  });

  it('leaves focus where the visitor put it while the page was loading', async () => {
    document.body.innerHTML = '<main></main><button type="button">Menu</button>';
    focusMainHeading();
    const menu = document.querySelector('button');
    menu?.focus();
    addHeading('Settings');
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(menu);
  });

  it('stays on the main when the visitor pressed something that took no focus, such as a tap that opened a menu', async () => {
    document.body.innerHTML = '<main></main><div>Menu</div>';
    focusMainHeading();
    document.querySelector('div')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    addHeading('Settings');
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(document.querySelector('main'));
  });

  it('waits for a page still hidden by its start to show, then focuses its heading', async () => {
    document.body.innerHTML = '<main><h1>Settings</h1></main>';
    const heading = document.querySelector('h1');
    // A browser does not focus an element under visibility: hidden (the start hides the page until it is rendered);
    // this DOM does not model that, so focus is refused by hand while the page is "hidden".
    let hidden = true;
    const focus = HTMLElement.prototype.focus;
    vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
      if (!hidden) focus.call(this, options);
    });
    focusMainHeading();
    expect(document.activeElement).toBe(document.body);
    await nextFrame();
    hidden = false;
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(heading);
  });
});

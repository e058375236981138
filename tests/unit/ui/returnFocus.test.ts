import { afterEach, describe, expect, it } from 'vitest';
import { focusMainHeading, returnFocus } from '../../../src/ui/returnFocus';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

afterEach(() => {
  document.body.replaceChildren();
});

describe('focus after a dialog', () => {
  it('goes to the main heading at once when the page shows one', () => {
    document.body.innerHTML = '<main><h1>Settings</h1></main>';
    focusMainHeading();
    expect(document.activeElement?.textContent).toBe('Settings');
  });

  it('waits for a page still loading to show its heading, then focuses it', async () => {
    document.body.innerHTML = '<main aria-busy="true"></main>';
    returnFocus(null);
    await nextFrame();
    expect(document.activeElement).toBe(document.body);
    const heading = document.createElement('h1');
    heading.textContent = 'Settings';
    document.querySelector('main')?.append(heading);
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(heading);
    // Focusable from script only, not a Tab stop.
    expect(heading.tabIndex).toBe(-1);
  });

  it('leaves focus where the user put it while the page was loading', async () => {
    document.body.innerHTML = '<main></main><button type="button">Elsewhere</button>';
    focusMainHeading();
    const elsewhere = document.querySelector('button');
    elsewhere?.focus();
    const heading = document.createElement('h1');
    document.querySelector('main')?.append(heading);
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(elsewhere);
  });
});

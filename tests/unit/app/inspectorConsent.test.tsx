import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { askInspectorConsent } from '../../../src/app/InspectorConsent';
import { LOCALE_KEY } from '../../../src/i18n/locales';

afterEach(() => localStorage.clear());

/** The question as the visitor sees it, once it is on the page. */
async function question() {
  return screen.findByRole('dialog', { name: "Send this tab's activity to Stately's inspector?" });
}

describe("a live build's question before the inspector starts", () => {
  it('says what leaves the page, to whom, and how to stop; "Open the inspector" answers yes and takes it away', async () => {
    const answer = askInspectorConsent();
    const dialog = await question();
    expect(dialog).toHaveTextContent("opens Stately's inspector (stately.ai) in a new window");
    expect(dialog).toHaveTextContent('Only the names of states and events, statuses, kinds, flags and counts are sent.');
    expect(dialog).toHaveTextContent('e-mail addresses, prompts, postal addresses, keys and amounts, is replaced with [redacted]');
    expect(dialog).toHaveTextContent('reload this page without ?inspect');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the inspector' }));
    await expect(answer).resolves.toBe(true);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('answers no to "Not now", to its close button and to Escape', async () => {
    for (const dismiss of [
      (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Not now' })),
      (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
      // Escape on a modal <dialog> fires a cancelable `cancel` event (happy-dom does not synthesise it from the key).
      (dialog: HTMLElement) =>
        act(() => {
          dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
        }),
    ]) {
      const answer = askInspectorConsent();
      await dismiss(await question());
      await expect(answer).resolves.toBe(false);
      await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    }
  });

  it('is answered from the keyboard: Enter on "Open the inspector"', async () => {
    const answer = askInspectorConsent();
    const dialog = await question();
    within(dialog).getByRole('button', { name: 'Open the inspector' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toBe(true);
  });

  it("asks in the visitor's language", async () => {
    localStorage.setItem(LOCALE_KEY, 'de');
    const answer = askInspectorConsent();
    const dialog = await screen.findByRole('dialog', { name: 'Die Aktivität dieses Tabs an den Inspector von Stately senden?' });
    expect(dialog.closest('[lang]')?.getAttribute('lang')).toBe('de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Jetzt nicht' }));
    await expect(answer).resolves.toBe(false);
  });
});

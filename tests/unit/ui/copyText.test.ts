import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import toast from 'react-hot-toast';
import { copyText } from '../../../src/ui/copyText';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const FAILED = 'Could not copy. Select the text and copy it yourself.';

/** What the browser copied: the selected text of the focused field when execCommand('copy') ran. */
function fakeExecCommand(answer: boolean | 'throws' = true) {
  const copied: Array<{ text: string; host: Element | null }> = [];
  const execCommand = vi.fn((command: string) => {
    if (command !== 'copy') return false;
    if (answer === 'throws') throw new Error('SecurityError');
    const field = document.activeElement;
    if (field instanceof HTMLTextAreaElement)
      copied.push({ text: field.value.slice(field.selectionStart, field.selectionEnd), host: field.parentElement });
    return answer;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
  return { execCommand, copied };
}

function withoutClipboardApi() {
  // As on an http origin other than localhost: the property is not there at all.
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
}

function button(): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = 'Copy';
  document.body.appendChild(element);
  element.focus();
  return element;
}

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('copyText', () => {
  const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  const execCommand = Object.getOwnPropertyDescriptor(document, 'execCommand');

  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
    document.body.innerHTML = '';
  });

  afterEach(() => {
    if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    else delete (navigator as { clipboard?: unknown }).clipboard;
    if (execCommand) Object.defineProperty(document, 'execCommand', execCommand);
    else delete (document as { execCommand?: unknown }).execCommand;
  });

  it('without the Clipboard API, copies through a selected hidden field, says so, and gives focus back', async () => {
    withoutClipboardApi();
    const { copied } = fakeExecCommand(true);
    const copyButton = button();
    await expect(copyText('curl -H "Authorization: Bearer nb_key"', 'Copied, with your API key.')).resolves.toBe(true);
    expect(copied).toEqual([{ text: 'curl -H "Authorization: Bearer nb_key"', host: document.body }]);
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Copied, with your API key.');
    expect(toast.error).not.toHaveBeenCalled();
    // Nothing is left behind, and the user is where they were.
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(copyButton);
  });

  it('in an open modal dialog, the hidden field sits in the dialog (the rest of the page is inert)', async () => {
    withoutClipboardApi();
    const { copied } = fakeExecCommand(true);
    const dialog = document.createElement('dialog');
    document.body.appendChild(dialog);
    dialog.open = true;
    const copyButton = document.createElement('button');
    dialog.appendChild(copyButton);
    copyButton.focus();
    await expect(copyText('nb_secret_key')).resolves.toBe(true);
    expect(copied).toEqual([{ text: 'nb_secret_key', host: dialog }]);
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Copied to the clipboard.');
  });

  it('when the Clipboard API refuses, the old way is tried', async () => {
    const writeText = vi.fn(() => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { copied } = fakeExecCommand(true);
    button();
    await expect(copyText('TASK-1')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledExactlyOnceWith('TASK-1');
    expect(copied.map((entry) => entry.text)).toEqual(['TASK-1']);
    expect(toast.success).toHaveBeenCalledOnce();
  });

  it('with the Clipboard API, uses it and nothing else', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { execCommand: exec } = fakeExecCommand(true);
    await expect(copyText('TASK-2')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledExactlyOnceWith('TASK-2');
    expect(exec).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledOnce();
  });

  it.each([false, 'throws'] as const)('when nothing can copy (execCommand %s), says how to copy by hand and never throws', async (answer) => {
    withoutClipboardApi();
    fakeExecCommand(answer);
    const copyButton = button();
    await expect(copyText('TASK-3')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(FAILED);
    expect(toast.success).not.toHaveBeenCalled();
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(copyButton);
  });

  it('without execCommand either, still answers instead of throwing', async () => {
    withoutClipboardApi();
    Object.defineProperty(document, 'execCommand', { value: undefined, configurable: true, writable: true });
    await expect(copyText('TASK-4')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(FAILED);
  });
});

import { t } from '@lingui/core/macro';
import { toast } from './toast';

/**
 * The old way, for browsers without the Clipboard API (an http origin other than localhost, some embedded
 * browsers): select the text in a hidden field and ask the browser to copy the selection. Focus and the user's
 * selection are put back afterwards. False when the browser refuses.
 */
function copyBySelection(text: string): boolean {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // Inside an open modal dialog the rest of the page is inert: the field must sit in the dialog to be selectable.
  const host = active?.closest('dialog') ?? document.body;
  const selection = document.getSelection();
  const ranges = selection ? Array.from({ length: selection.rangeCount }, (_, index) => selection.getRangeAt(index)) : [];
  const field = document.createElement('textarea');
  field.value = text;
  field.readOnly = true;
  field.setAttribute('aria-hidden', 'true');
  field.tabIndex = -1;
  // Off screen but rendered (display: none cannot be selected); fixed, so the page does not scroll to it.
  field.style.cssText = 'position:fixed;top:0;left:-9999px;width:1px;height:1px;opacity:0;';
  host.appendChild(field);
  let copied: boolean;
  try {
    field.focus({ preventScroll: true });
    field.select();
    field.setSelectionRange(0, text.length);
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    field.remove();
    active?.focus({ preventScroll: true });
    if (selection && ranges.length > 0) {
      selection.removeAllRanges();
      for (const range of ranges) selection.addRange(range);
    }
  }
  return copied;
}

async function writeToClipboard(text: string): Promise<boolean> {
  // Missing on insecure origins, where reading it is fine but calling it throws: check before calling.
  if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions policy, a document without focus): the old way may still work.
    }
  }
  return copyBySelection(text);
}

/** Copies text, then says so (or says how to copy it by hand when the browser refuses). */
export function copyText(text: string, copiedMessage: string = t`Copied to the clipboard.`): Promise<boolean> {
  return writeToClipboard(text).then((copied) => {
    if (copied) toast.success(copiedMessage);
    else toast.error(t`Could not copy. Select the text and copy it yourself.`);
    return copied;
  });
}

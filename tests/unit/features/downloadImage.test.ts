/**
 * Saving a result image fetches it, and opens it in a tab when the host refuses: only ever an http(s) address.
 * A `javascript:` one reaching window.open would run in a window of this origin.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import toast from 'react-hot-toast';
import { i18n } from '@lingui/core';
import { downloadImage } from '../../../src/ui/downloadImage';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  toast.remove();
});

describe('downloading a result image', () => {
  it.each(['javascript:alert(document.domain)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '/relative.png'])(
    'never fetches or opens %j: it says the link is not valid',
    async (url) => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      const error = vi.spyOn(toast, 'error');
      await downloadImage(url, 'nano-banana-task-1');
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(open).not.toHaveBeenCalled();
      expect(error).toHaveBeenCalledWith('This download link is not valid.');
    },
  );

  it('opens an http(s) image in a new tab when its host refuses the download', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await downloadImage('https://cdn.example.com/a.png', 'nano-banana-task-1');
    expect(open).toHaveBeenCalledWith('https://cdn.example.com/a.png', '_blank', 'noopener');
  });
});

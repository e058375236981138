import { t } from '@lingui/core/macro';
import { unsafeUrlMessage } from '../api/messages';
import { backendReady } from '../services/backendReady';
import { httpUrl } from '../services/urls';
import { toast } from './toast';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

/**
 * Saves an image under a readable name. The file is fetched first because browsers ignore the `download`
 * attribute for other origins; if the host refuses (no CORS), the image opens instead, to save by hand.
 */
export async function downloadImage(url: string, baseName: string): Promise<void> {
  // Only a web address is fetched or opened: a `javascript:` or `data:` one must never reach window.open.
  const image = httpUrl(url);
  if (!image) {
    toast.error(unsafeUrlMessage());
    return;
  }
  try {
    await backendReady();
    const response = await fetch(image.href);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const extension = EXTENSIONS[blob.type] ?? 'png';
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = `${baseName}.${extension}`;
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser a moment to start the download before the object URL goes.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  } catch (error) {
    console.warn('Image download failed; opening it instead', error);
    toast.error(t`The image could not be downloaded here, so it opens in a new tab: save it from there.`);
    window.open(image.href, '_blank', 'noopener');
  }
}

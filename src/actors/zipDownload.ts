import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { t } from '@lingui/core/macro';
import { zipDownloadMachine, type ZipEntry, type ZipItem } from '../../machines/zipDownload.machine';
import { zipEntryNamer, type ZipExtension } from '../domain/zipEntryNames';
import { backendReady } from '../services/backendReady';
import { httpUrl } from '../services/urls';

/**
 * The file type by its first bytes, not the host's Content-Type: that may be generic (`application/octet-stream`)
 * or say anything, and the ending must be one an image viewer opens the file with. One of a fixed few.
 */
function imageExtension(data: Uint8Array): ZipExtension {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => data[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...data.subarray(8, 12)) === 'WEBP') return 'webp';
  if (starts(0x47, 0x49, 0x46)) return 'gif';
  return 'bin';
}

/** One image, as bytes. Each failure says in words why, for the list of what failed. */
async function fetchFile(item: ZipItem, signal: AbortSignal): Promise<Uint8Array> {
  const url = httpUrl(item.url);
  if (!url) throw new Error(t`The link is not a web address.`);
  await backendReady();
  let response: Response;
  try {
    // No cookies or session headers: the image host is a CDN, public to whoever has the link.
    response = await fetch(url.href, { signal, credentials: 'omit', mode: 'cors' });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(t`The image host could not be reached, or it does not let this site download its files.`, { cause: error });
  }
  if (response.status === 404 || response.status === 410 || response.status === 403) {
    throw new Error(t`The link has expired or the file is gone (HTTP ${response.status}).`);
  }
  if (!response.ok) throw new Error(t`The image host answered HTTP ${response.status}.`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The archive, built in the browser. The library is fetched only now, when someone downloads. Images are
 * compressed already: stored as they are, which is fast and no larger. Each file is named from its task id,
 * cleaned (src/domain/zipEntryNames.ts): a task id is the API's data, and fflate writes a name as it is given.
 */
export async function buildZip(entries: readonly ZipEntry[]): Promise<Blob> {
  const { zipSync } = await import('fflate');
  const nameOf = zipEntryNamer();
  const files: Record<string, Uint8Array> = {};
  for (const entry of entries) files[nameOf(entry.name, imageExtension(entry.data))] = entry.data;
  const archive = zipSync(files, { level: 0 });
  return new Blob([archive.slice().buffer], { type: 'application/zip' });
}

function saveZip(archive: Blob): void {
  const objectUrl = URL.createObjectURL(archive);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = `nano-banana-images-${new Date().toISOString().slice(0, 10)}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

export const zipDownloadLogic = zipDownloadMachine.provide({
  actors: {
    fetchFile: fromPromise(({ input, signal }) => fetchFile(input, signal)),
    buildZip: fromPromise(({ input }) => buildZip(input)),
  },
  actions: {
    saveZip: (_, { archive }) => saveZip(archive),
  },
});
export type ZipDownloadActor = ActorRefFrom<typeof zipDownloadLogic>;

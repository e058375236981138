/**
 * The finished images of demo tasks: the task's prompt and aspect ratio drawn as artwork and encoded
 * in the requested format and size. The same task and image always give the same picture; recent ones are kept.
 */
import { rasterizeArtwork } from './rasterize';

export interface ResultImage {
  taskId: string;
  prompt: string;
  /** 0-based image of the task. */
  index: number;
  width: number;
  height: number;
}

const CACHE_SIZE = 24;
const cache = new Map<string, Promise<Blob>>();

/** The artwork's seed, taken from the task id, so a task's images stay the same on every load. */
export function taskSeed(taskId: string): number {
  return parseInt(taskId.slice(0, 8), 16) % 2_147_483_647;
}

export function renderResultImage(image: ResultImage, mimeType: 'image/png' | 'image/jpeg'): Promise<Blob> {
  const key = `${image.taskId}/${image.index}/${mimeType}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const rendered = rasterizeArtwork(
    { prompt: image.prompt, seed: taskSeed(image.taskId), index: image.index, width: image.width, height: image.height },
    mimeType,
  );
  // A failed render is not kept: the next load tries again.
  rendered.catch(() => cache.delete(key));
  cache.set(key, rendered);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? key);
  return rendered;
}

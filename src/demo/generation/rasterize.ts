/**
 * Draws a demo artwork into real image bytes in the browser: the SVG is loaded as an image, painted onto a
 * canvas of exactly the requested size and encoded. Runs in the page (the demo server's handlers do).
 */
import { artworkSvg, type ArtworkSpec } from '../../ui/artwork/artwork';

export type RasterMimeType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Lossy formats only; PNG ignores it. */
const ENCODER_QUALITY = 0.9;
/** Browsers refuse or silently blank canvases much larger than this. */
const MAX_SIDE = 8192;

function loadImage(url: string, spec: ArtworkSpec): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image(spec.width, spec.height);
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load the artwork SVG (${spec.width}x${spec.height}) as an image`));
    image.src = url;
  });
}

function encode(canvas: HTMLCanvasElement, mimeType: RasterMimeType): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(`The browser could not encode the artwork as ${mimeType}`))),
      mimeType,
      ENCODER_QUALITY,
    );
  });
}

/**
 * The artwork for `spec` encoded as `mimeType`, exactly `spec.width`×`spec.height`. A browser that cannot
 * encode the format (Safari has no WebP encoder) returns PNG instead: `blob.type` says what it holds.
 */
export async function rasterizeArtwork(spec: ArtworkSpec, mimeType: RasterMimeType): Promise<Blob> {
  const { width, height } = spec;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    throw new Error(`Cannot rasterize artwork of ${width}x${height}: each side must be a whole number from 1 to ${MAX_SIDE}`);
  }
  const url = URL.createObjectURL(new Blob([artworkSvg(spec)], { type: 'image/svg+xml' }));
  try {
    const image = await loadImage(url, spec);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Cannot rasterize artwork: this browser gives no 2D canvas context');
    if (mimeType === 'image/jpeg') {
      // JPEG has no alpha: anything transparent would turn black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
    }
    context.drawImage(image, 0, 0, width, height);
    return await encode(canvas, mimeType);
  } finally {
    URL.revokeObjectURL(url);
  }
}

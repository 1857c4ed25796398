/**
 * The image compression rules of spec section 5, run in the browser before an upload:
 * pictures over 512 KB are re-encoded, at quality 0.8 when under 5 MB, 0.6 when under 10 MB,
 * else 0.4, the quality lowered in 0.2 steps until the result is under 512 KB or the quality
 * is 0.4; at most 1080 pixels wide; the original file when anything fails.
 *
 * `compressionQualities` and `scaledSize` are the rules, without the browser; `compressImage`
 * is the canvas step that follows them.
 */

/** Pictures up to this many bytes are uploaded as they are (and it is the target size). */
export const COMPRESS_ABOVE = 512 * 1024;
/** The widest a compressed picture is. */
export const MAX_WIDTH = 1080;
const MB = 1024 * 1024;
/** The lowest quality tried. */
export const MIN_QUALITY = 0.4;

/**
 * The qualities to try, in order, for a picture of `bytes`: none at or under 512 KB; from 0.8
 * (under 5 MB), 0.6 (under 10 MB) or 0.4, down in steps of 0.2 to 0.4.
 */
export function compressionQualities(bytes: number): number[] {
  if (!(bytes > COMPRESS_ABOVE)) return [];
  const first = bytes < 5 * MB ? 0.8 : bytes < 10 * MB ? 0.6 : MIN_QUALITY;
  const qualities: number[] = [];
  // Whole tenths, so 0.8 - 0.2 - 0.2 is exactly 0.4.
  for (let tenths = Math.round(first * 10); tenths >= MIN_QUALITY * 10; tenths -= 2) qualities.push(tenths / 10);
  return qualities;
}

/** The size to draw a `width` × `height` picture at: at most {@link MAX_WIDTH} wide, same shape. */
export function scaledSize(width: number, height: number): { width: number; height: number } {
  if (width <= MAX_WIDTH) return { width, height };
  return { width: MAX_WIDTH, height: Math.max(1, Math.round((height * MAX_WIDTH) / width)) };
}

/** Formats the canvas re-encodes; a GIF keeps its frames (and is never re-encoded). */
const REENCODED = ['image/jpeg', 'image/png', 'image/webp'];

/** The browser steps, replaceable in tests. */
export interface Canvas {
  /** Decodes `file`; its pixel size and a way to draw it into a JPEG of a size and quality. */
  open(file: Blob): Promise<{ width: number; height: number; encode(w: number, h: number, quality: number): Promise<Blob> }>;
}

/** The real canvas: `createImageBitmap`, a canvas on a white ground (JPEG has no transparency), `toBlob`. */
export const browserCanvas: Canvas = {
  async open(file) {
    const bitmap = await createImageBitmap(file);
    return {
      width: bitmap.width,
      height: bitmap.height,
      encode: (w, h, quality) =>
        new Promise<Blob>((resolve, reject) => {
          const canvas = document.createElement('canvas');
          canvas.width = w;
          canvas.height = h;
          const context = canvas.getContext('2d');
          if (!context) return reject(new Error('no 2d context'));
          context.fillStyle = '#fff';
          context.fillRect(0, 0, w, h);
          context.drawImage(bitmap, 0, 0, w, h);
          canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/jpeg', quality);
        }),
    };
  },
};

/**
 * `file` compressed by the rules above: a JPEG file of the same name (`.jpg`), or `file`
 * itself when it is small enough, not a format the canvas re-encodes, when every try came out
 * larger than the original, or when anything failed.
 */
export async function compressImage(file: File, canvas: Canvas = browserCanvas): Promise<File> {
  const qualities = compressionQualities(file.size);
  if (qualities.length === 0 || !REENCODED.includes(file.type)) return file;
  try {
    const picture = await canvas.open(file);
    const { width, height } = scaledSize(picture.width, picture.height);
    let best: Blob | undefined;
    for (const quality of qualities) {
      best = await picture.encode(width, height, quality);
      if (best.size < COMPRESS_ABOVE) break;
    }
    if (!best || best.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
    return new File([best], name, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}

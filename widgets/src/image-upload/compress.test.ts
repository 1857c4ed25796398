import { describe, expect, it, vi } from 'vitest';
import { COMPRESS_ABOVE, MAX_WIDTH, compressImage, compressionQualities, scaledSize, type Canvas } from './compress';

const KB = 1024;
const MB = 1024 * KB;

describe('compressionQualities (spec section 5)', () => {
  it('leaves pictures of 512 KB or less alone', () => {
    expect(compressionQualities(0)).toEqual([]);
    expect(compressionQualities(100 * KB)).toEqual([]);
    expect(compressionQualities(512 * KB)).toEqual([]);
    expect(compressionQualities(Number.NaN)).toEqual([]);
  });

  it('starts at 0.8 under 5 MB, 0.6 under 10 MB, else 0.4, and steps down by 0.2 to 0.4', () => {
    expect(compressionQualities(512 * KB + 1)).toEqual([0.8, 0.6, 0.4]);
    expect(compressionQualities(5 * MB - 1)).toEqual([0.8, 0.6, 0.4]);
    expect(compressionQualities(5 * MB)).toEqual([0.6, 0.4]);
    expect(compressionQualities(10 * MB - 1)).toEqual([0.6, 0.4]);
    expect(compressionQualities(10 * MB)).toEqual([0.4]);
    expect(compressionQualities(40 * MB)).toEqual([0.4]);
  });
});

describe('scaledSize', () => {
  it('keeps pictures up to 1080 wide and scales wider ones to 1080, same shape', () => {
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(scaledSize(1080, 5000)).toEqual({ width: 1080, height: 5000 });
    expect(scaledSize(4320, 3240)).toEqual({ width: MAX_WIDTH, height: 810 });
    expect(scaledSize(10_000, 1)).toEqual({ width: MAX_WIDTH, height: 1 });
  });
});

/** A canvas whose encodings are `sizes` bytes long, one after another; records its calls. */
function fakeCanvas(width: number, height: number, sizes: number[], fail = false) {
  const calls: { w: number; h: number; quality: number }[] = [];
  const canvas: Canvas = {
    open: vi.fn(async () => {
      if (fail) throw new Error('cannot decode');
      return {
        width,
        height,
        encode: async (w: number, h: number, quality: number) => {
          calls.push({ w, h, quality });
          return new Blob([new Uint8Array(sizes[calls.length - 1] ?? 1)], { type: 'image/jpeg' });
        },
      };
    }),
  };
  return { canvas, calls };
}

const file = (bytes: number, type = 'image/png', name = 'photo.png') => new File([new Uint8Array(bytes)], name, { type });

describe('compressImage (the canvas step)', () => {
  it('uploads small pictures as they are, without decoding them', async () => {
    const { canvas } = fakeCanvas(100, 100, []);
    const small = file(COMPRESS_ABOVE);
    expect(await compressImage(small, canvas)).toBe(small);
    expect(canvas.open).not.toHaveBeenCalled();
  });

  it('lowers the quality until the picture is under 512 KB, at most 1080 wide, as a JPEG', async () => {
    const { canvas, calls } = fakeCanvas(3000, 2000, [900 * KB, 400 * KB]);
    const out = await compressImage(file(3 * MB), canvas);
    expect(calls).toEqual([
      { w: 1080, h: 720, quality: 0.8 },
      { w: 1080, h: 720, quality: 0.6 },
    ]);
    expect(out.size).toBe(400 * KB);
    expect(out.type).toBe('image/jpeg');
    expect(out.name).toBe('photo.jpg');
  });

  it('stops at 0.4 even when still over 512 KB', async () => {
    const { canvas, calls } = fakeCanvas(1000, 1000, [2 * MB, 1.5 * MB, 1 * MB]);
    const out = await compressImage(file(3 * MB), canvas);
    expect(calls.map((c) => c.quality)).toEqual([0.8, 0.6, 0.4]);
    expect(out.size).toBe(1 * MB);
  });

  it('keeps the original when decoding fails or the result is not smaller', async () => {
    const original = file(6 * MB);
    expect(await compressImage(original, fakeCanvas(10, 10, [], true).canvas)).toBe(original);
    expect(await compressImage(original, fakeCanvas(10, 10, [7 * MB, 7 * MB]).canvas)).toBe(original);
  });

  it('never re-encodes a GIF (its frames would be lost)', async () => {
    const { canvas } = fakeCanvas(10, 10, [1]);
    const gif = file(2 * MB, 'image/gif', 'a.gif');
    expect(await compressImage(gif, canvas)).toBe(gif);
    expect(canvas.open).not.toHaveBeenCalled();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitWithin, renamed, SHRINK_QUALITY, shrinkPhoto, shrinkPlan } from './shrink-photo';

/**
 * jsdom decodes and draws nothing: createImageBitmap and the canvases are stand-ins that record what
 * they are asked, and the encoder answers a blob of a chosen size.
 */

const MB = 1024 * 1024;

type TDrawn = { width: number; height: number; drawn: unknown[][]; asked?: ImageEncodeOptions };

let canvases: TDrawn[] = [];
let encodedBytes = 600_000;
let bitmap: { width: number; height: number; close: ReturnType<typeof vi.fn> };
let decode: ReturnType<typeof vi.fn>;

class FakeOffscreenCanvas {
  record: TDrawn;
  constructor(width: number, height: number) {
    this.record = { width, height, drawn: [] };
    canvases.push(this.record);
  }
  getContext() {
    return { drawImage: (...args: unknown[]) => this.record.drawn.push(args) };
  }
  async convertToBlob(options: ImageEncodeOptions) {
    this.record.asked = options;
    return encoded(options.type, encodedBytes);
  }
}

/** `blob` as if it held `bytes` bytes: its content is never read here, and megabytes are slow in jsdom. */
function sized<T extends Blob>(blob: T, bytes: number): T {
  Object.defineProperty(blob, 'size', { value: bytes });
  return blob;
}

/** What a blob holds (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });

/** A chosen file of `bytes` bytes. */
const chosen = (name: string, type: string, bytes: number) =>
  sized(new File(['photo'], name, { type, lastModified: 1_700_000_000_000 }), bytes);

/** What the encoder answers: it says its size, which the file sent then carries as its content. */
const encoded = (type: string | undefined, bytes: number) =>
  sized(new Blob([`encoded, ${bytes} bytes`], { type }), bytes);

/** The photo as createImageBitmap decodes it: upright, orientation applied. */
function decodesAs(width: number, height: number) {
  bitmap = { width, height, close: vi.fn() };
  decode = vi.fn(async () => bitmap);
  vi.stubGlobal('createImageBitmap', decode);
}

beforeEach(() => {
  canvases = [];
  encodedBytes = 600_000;
  decodesAs(4000, 3000);
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fitWithin', () => {
  it('brings the longer side to 2048 px, keeping the proportions, and leaves a photo that fits alone', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(9000, 1000)).toEqual({ width: 2048, height: 228 });
    expect(fitWithin(2048, 2048)).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin(1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin(100_000, 10)).toEqual({ width: 2048, height: 1 });
  });
});

describe('shrinkPlan', () => {
  it('makes a JPEG of a JPEG (or of what the browser decoded without naming it) at 0.85', () => {
    expect(shrinkPlan('image/jpeg', 4000, 3000)).toEqual({
      width: 2048,
      height: 1536,
      type: 'image/jpeg',
      quality: SHRINK_QUALITY,
    });
    expect(shrinkPlan('', 4000, 3000)?.type).toBe('image/jpeg');
    // a JPEG that fits is encoded again too: the smaller of the two goes
    expect(shrinkPlan('image/jpeg', 1600, 1200)).toEqual({
      width: 1600,
      height: 1200,
      type: 'image/jpeg',
      quality: SHRINK_QUALITY,
    });
  });

  it('leaves a PNG that fits alone, and keeps a larger one PNG (lossless, its transparency kept)', () => {
    expect(shrinkPlan('image/png', 1920, 1080)).toBeNull();
    expect(shrinkPlan('image/png', 2880, 1800)).toEqual({
      width: 2048,
      height: 1280,
      type: 'image/png',
      quality: undefined,
    });
  });

  it('keeps a WebP a WebP', () => {
    expect(shrinkPlan('image/webp', 4000, 3000)?.type).toBe('image/webp');
  });
});

describe('renamed', () => {
  it('gives the name the extension of its new type', () => {
    expect(renamed('IMG_2041.jpg', 'image/jpeg')).toBe('IMG_2041.jpg');
    expect(renamed('IMG_2041.JPEG', 'image/jpeg')).toBe('IMG_2041.JPEG');
    expect(renamed('IMG_2041.HEIC', 'image/jpeg')).toBe('IMG_2041.jpg');
    expect(renamed('scan', 'image/jpeg')).toBe('scan.jpg');
    expect(renamed('fan.night.heic', 'image/jpeg')).toBe('fan.night.jpg');
    expect(renamed('screen.png', 'image/png')).toBe('screen.png');
    expect(renamed('x.jpeg', 'image/webp')).toBe('x.webp');
  });
});

describe('shrinkPhoto', () => {
  it("sends a phone's 7.6 MB 4000 × 3000 photo as a 2048 × 1536 JPEG at 0.85, upright", async () => {
    const file = chosen('IMG_2041.jpg', 'image/jpeg', 7.6 * MB);
    const sent = await shrinkPhoto(file);

    // the camera's orientation (EXIF) applied as it is decoded
    expect(decode).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(canvases).toHaveLength(1);
    const [canvas] = canvases;
    expect(canvas).toMatchObject({ width: 2048, height: 1536, asked: { type: 'image/jpeg', quality: 0.85 } });
    expect(canvas?.drawn).toEqual([[bitmap, 0, 0, 2048, 1536]]);
    expect(sent).not.toBe(file);
    expect(sent).toMatchObject({ name: 'IMG_2041.jpg', type: 'image/jpeg' });
    expect(await textOf(sent)).toBe('encoded, 600000 bytes');
    expect(sent.lastModified).toBe(file.lastModified);
    // the decoded pixels are let go at once
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('draws a portrait photo portrait, as the decoder turned it upright', async () => {
    decodesAs(3024, 4032);
    await shrinkPhoto(chosen('portrait.jpg', 'image/jpeg', 5 * MB));
    expect(canvases[0]).toMatchObject({ width: 1536, height: 2048 });
  });

  it('sends a screenshot PNG that fits as it is, without drawing it', async () => {
    decodesAs(1920, 1080);
    const file = chosen('screen.png', 'image/png', 900_000);
    expect(await shrinkPhoto(file)).toBe(file);
    expect(canvases).toHaveLength(0);
  });

  it('brings a large PNG to 2048 px, still a PNG', async () => {
    decodesAs(2880, 1800);
    const sent = await shrinkPhoto(chosen('screen.png', 'image/png', 3 * MB));
    expect(canvases[0]).toMatchObject({ width: 2048, height: 1280, asked: { type: 'image/png' } });
    expect(sent).toMatchObject({ name: 'screen.png', type: 'image/png' });
  });

  it('does not even decode a photo under 512 KiB', async () => {
    const file = chosen('small.jpg', 'image/jpeg', 400_000);
    expect(await shrinkPhoto(file)).toBe(file);
    expect(decode).not.toHaveBeenCalled();
  });

  it('sends the original when the browser cannot decode it (HEIC in some browsers)', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }),
    );
    const file = chosen('IMG_2041.jpg', '', 3 * MB);
    expect(await shrinkPhoto(file)).toBe(file);
  });

  it('sends the original when the browser has no createImageBitmap', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const file = chosen('IMG_2041.jpg', 'image/jpeg', 3 * MB);
    expect(await shrinkPhoto(file)).toBe(file);
  });

  it('sends the original when encoding fails, and lets the pixels go all the same', async () => {
    vi.spyOn(FakeOffscreenCanvas.prototype, 'convertToBlob').mockRejectedValue(new Error('out of memory'));
    const file = chosen('IMG_2041.jpg', 'image/jpeg', 7.6 * MB);
    expect(await shrinkPhoto(file)).toBe(file);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('sends the original when the encoded photo is no smaller', async () => {
    decodesAs(1600, 1200);
    encodedBytes = 800_000;
    const file = chosen('already-small.jpg', 'image/jpeg', 700_000);
    expect(await shrinkPhoto(file)).toBe(file);
  });

  it('sends the original when the browser cannot write the type (it answers a PNG instead)', async () => {
    vi.spyOn(FakeOffscreenCanvas.prototype, 'convertToBlob').mockResolvedValue(encoded('image/png', 1000));
    const file = chosen('IMG.webp', 'image/webp', 3 * MB);
    expect(await shrinkPhoto(file)).toBe(file);
  });

  it('draws on a page canvas where there is no OffscreenCanvas', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done, type) => done(encoded(type, 500_000)));
    const sent = await shrinkPhoto(chosen('IMG_2041.jpg', 'image/jpeg', 7.6 * MB));
    expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 2048, 1536);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.85);
    expect(sent.type).toBe('image/jpeg');
    expect(await textOf(sent)).toBe('encoded, 500000 bytes');
  });
});

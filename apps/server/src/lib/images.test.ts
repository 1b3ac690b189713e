import { MSG_CONVERSATION } from '@bit/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DECODE_BUSY_RETRY_S,
  DECODE_WAITING_MAX,
  decodeQueue,
  decodeSlots,
  PHOTO_MAX_SIDE,
  photoDecodes,
  processPhoto,
  sniffPhotoType,
  THUMB_MAX_SIDE,
} from './images';
import { createSemaphore, type Semaphore } from './semaphore';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

async function expectStatus(promise: Promise<unknown>, status: number) {
  await expect(promise).rejects.toMatchObject({ statusCode: status });
}

describe('photos', () => {
  it('accepts JPEG, PNG and WebP by their bytes, and keeps the type', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const input = await solid(64, 48).toFormat(format).toBuffer();
      const out = await processPhoto(input);
      expect(out.contentType).toBe(type);
      expect(sniffPhotoType(out.data)).toBe(type);
      expect([out.width, out.height]).toEqual([64, 48]);
    }
  });

  it('strips the GPS position and every other metadata block from a JPEG', async () => {
    const input = await solid(80, 60)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9', ImageDescription: 'my room' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '23/1 24/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '85/1 26/1 0/1',
        },
      })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.includes(Buffer.from('GPS')) || before.exif!.length > 100).toBe(true);

    const out = await processPhoto(input);
    const after = await sharp(out.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    for (const text of ['PhoneMaker', 'my room', 'Exif'])
      expect(out.data.includes(Buffer.from(text))).toBe(false);
    expect((await sharp(out.thumb).metadata()).exif).toBeUndefined();
  });

  it('turns a photo taken with orientation 6 upright', async () => {
    // stored 100 wide and 40 high, to be shown rotated 90 degrees: upright it is 40 wide, 100 high
    const input = await solid(100, 40).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await processPhoto(input);
    expect([out.width, out.height]).toEqual([40, 100]);
    const meta = await sharp(out.data).metadata();
    expect(meta.orientation).toBeUndefined();
  });

  it('scales a large photo to 2048 px on its longer side and makes a 320 px thumbnail', async () => {
    const out = await processPhoto(await solid(4000, 3000).jpeg().toBuffer());
    expect([out.width, out.height]).toEqual([PHOTO_MAX_SIDE, 1536]);
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([THUMB_MAX_SIDE, 240]);
  });

  it('refuses a PDF, an SVG, a HEIC, text named .jpg and a GIF with 415', async () => {
    const files = [
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]),
      Buffer.from('just some text pretending to be a photo.jpg'),
      await solid(10, 10).gif().toBuffer(),
    ];
    for (const file of files) await expectStatus(processPhoto(file), 415);
  });

  it('refuses a truncated JPEG with 415', async () => {
    const full = await solid(400, 300).jpeg().toBuffer();
    await expectStatus(processPhoto(full.subarray(0, Math.floor(full.length / 2))), 415);
  });

  it('refuses a 60-megapixel image from its header alone, before decoding it', async () => {
    const big = await solid(10_000, 6_000).png({ compressionLevel: 9 }).toBuffer();
    await expectStatus(processPhoto(big), 413);
    // a header claiming 60 megapixels with almost no data behind it: a decompression bomb
    await expectStatus(processPhoto(big.subarray(0, 200)), 413);
  });

  it('refuses more than 8 MB with 413', async () => {
    const huge = Buffer.concat([await solid(10, 10).jpeg().toBuffer(), Buffer.alloc(8 * 1024 * 1024)]);
    await expectStatus(processPhoto(huge), 413);
  });
});

/** A queue of `slots` that records the most decodes it ever ran at once. */
function countingQueue(slots: number, maxWaiting?: number) {
  const queue = createSemaphore(slots, maxWaiting);
  let now = 0;
  const seen = { most: 0, runs: 0 };
  const counting: Semaphore = {
    slots,
    maxWaiting: queue.maxWaiting,
    get running() {
      return queue.running;
    },
    get waiting() {
      return queue.waiting;
    },
    run: (task) =>
      queue.run(async () => {
        seen.runs++;
        seen.most = Math.max(seen.most, ++now);
        try {
          return await task();
        } finally {
          now--;
        }
      }),
  };
  return { queue: counting, seen };
}

describe('photo decodes', () => {
  it('run at most as many at once as the queue has slots, however many photos arrive together', async () => {
    const input = await solid(1200, 900).jpeg().toBuffer();
    for (const slots of [1, 2]) {
      const { queue, seen } = countingQueue(slots);
      const out = await Promise.all(Array.from({ length: 8 }, () => processPhoto(input, queue)));
      expect(out.map((o) => o.width)).toEqual(Array(8).fill(1200));
      expect(seen).toEqual({ most: slots, runs: 8 });
      expect([queue.running, queue.waiting]).toEqual([0, 0]);
    }
  });

  it('free their slot when a decode fails, so the next photo is decoded', async () => {
    const { queue, seen } = countingQueue(1);
    const full = await solid(400, 300).jpeg().toBuffer();
    const truncated = full.subarray(0, Math.floor(full.length / 2));
    const outcomes = await Promise.allSettled([
      processPhoto(truncated, queue),
      processPhoto(truncated, queue),
      processPhoto(full, queue),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 415 });
    expect(seen).toEqual({ most: 1, runs: 3 });
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('are refused with 503, Retry-After and the message, never decoded, while the wait list is full', async () => {
    const { queue, seen } = countingQueue(1, 2);
    const input = await solid(600, 400).jpeg().toBuffer();
    const before = photoDecodes();
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => processPhoto(input, queue)));
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    for (const o of outcomes.slice(3))
      expect((o as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 503,
        message: MSG_CONVERSATION.photosBusy,
        headers: { 'retry-after': String(DECODE_BUSY_RETRY_S) },
      });
    expect(seen.runs).toBe(3);
    expect(photoDecodes() - before).toBe(3);
    // the queue has room again: the next photo is decoded
    expect((await processPhoto(input, queue)).width).toBe(600);
  });

  it("bounds this process's decode queue", () => {
    expect(decodeQueue(1).maxWaiting).toBe(DECODE_WAITING_MAX);
  });

  it('are refused by size or signature without waiting for a slot', async () => {
    const { queue, seen } = countingQueue(1);
    await expectStatus(processPhoto(Buffer.from('hello, I am text'), queue), 415);
    await expectStatus(processPhoto(Buffer.alloc(8 * 1024 * 1024 + 1, 0xff), queue), 413);
    expect(seen.runs).toBe(0);
  });

  it('get one slot per CPU of the process share, at least one, and leave a thread of the pool free', () => {
    // WORKERS processes share the CPUs
    expect(decodeSlots(1, 2, 4)).toBe(2);
    expect(decodeSlots(2, 2, 4)).toBe(1);
    expect(decodeSlots(8, 2, 4)).toBe(1);
    expect(decodeSlots(2, 8, 8)).toBe(4);
    // libuv's pool (4 threads by default) also hashes passwords and reads files
    expect(decodeSlots(1, 16, 4)).toBe(3);
    expect(decodeSlots(1, 16, 1)).toBe(1);
  });
});

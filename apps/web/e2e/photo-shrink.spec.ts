import { expect, type Page, type Request, test } from '@playwright/test';
import sharp from 'sharp';
import { snap } from './support/helpers';
import { disposeContexts, fileComplaint, makeStudent, signIn, type TSession } from './support/sessions';

// Issue 33 row 17: a phone's photo is made smaller in the browser (2048 px, JPEG 0.85) before it goes
// up, turned upright by its EXIF orientation; a screenshot PNG that fits goes as it is.

const W = 4000;
const H = 3000;

/**
 * A 4000 × 3000 camera-like JPEG of about 6 MB (gradients and sensor noise: a flat colour would be a
 * few kilobytes), stored on its side with EXIF orientation 6, as phones do: upright it is 3000 × 4000.
 */
async function cameraPhoto() {
  const pixels = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const noise = (Math.random() * 40) | 0;
      pixels[i] = ((x * 255) / W + noise) & 255;
      pixels[i + 1] = ((y * 255) / H + noise) & 255;
      pixels[i + 2] = (((x + y) * 128) / W + noise) & 255;
    }
  return sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A 1280 × 800 PNG of about 3 MB whose every pixel differs from the next: a PNG to keep exact. */
async function screenshot() {
  const pixels = Buffer.alloc(1280 * 800 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width: 1280, height: 800, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * Chooses `file` under Add photos and answers how many bytes the upload's body had, once the photo is
 * stored: its Content-Length as Chromium sent it (Playwright holds no copy of a body made of a file).
 */
async function addPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const upload = (r: Request) => r.method() === 'POST' && r.url().endsWith('/attachments');
  const sent = page.waitForRequest(upload);
  const stored = page.waitForResponse((r) => upload(r.request()));
  await page.getByLabel('Add photos').setInputFiles([file]);
  const headers = await (await sent).allHeaders();
  expect((await stored).status()).toBe(201);
  await expect(page.getByText('Uploaded 1 photo.')).toBeVisible();
  return Number(headers['content-length']);
}

/** The photos the server stored for the complaint. */
const storedPhotos = async (student: TSession, token: string) =>
  (await (await student.api.get(`/api/complaints/${token}`)).json()).data.attachments as Array<{
    contentType: string;
    width: number;
    height: number;
  }>;

test.describe
  .serial('photos made smaller before they go up', () => {
    let student: TSession;
    let token = '';

    test.beforeAll(async () => {
      student = await makeStudent('shrink');
      ({ token } = await fileComplaint(student, {
        type: 'Hostel',
        hostelNo: 5,
        roomNo: '118',
        subType: 'Fan',
        description: 'The fan regulator is burnt; photos attached.',
      }));
    });

    test.afterAll(disposeContexts);

    test('a 6 MB 4000 × 3000 phone photo goes up as an upright 1536 × 2048 JPEG of a fraction of its size, and shows', async ({
      page,
    }) => {
      const original = await cameraPhoto();
      expect(original.length).toBeGreaterThan(5_000_000);
      await signIn(page, student.token);
      await page.goto(`/complaint-status?token=${token}`);
      await expect(page.getByLabel('Add photos')).toBeEnabled();

      const bytes = await addPhoto(page, { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: original });
      // about a quarter of the pixels at 0.85: well under a third of the bytes (the multipart's own
      // lines are a few hundred bytes)
      expect(bytes).toBeLessThan(original.length / 3);

      const timeline = page.getByRole('list', { name: 'History' });
      const thumb = timeline.getByRole('img', { name: /^Photo 1 of complaint/ });
      await expect(thumb).toBeVisible();
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await snap(page, 'photo-shrunk-before-upload');

      // upright: had the browser dropped the EXIF orientation before drawing, the server would
      // have kept it on its side (2048 × 1536); sent as it was, the body would be 6 MB
      expect(await storedPhotos(student, token)).toEqual([
        expect.objectContaining({ contentType: 'image/jpeg', width: 1536, height: 2048 }),
      ]);
    });

    test('a PNG that fits (a screenshot) goes as it is, byte for byte', async ({ page }) => {
      const original = await screenshot();
      await signIn(page, student.token);
      await page.goto(`/complaint-status?token=${token}`);
      const bytes = await addPhoto(page, { name: 'screen.png', mimeType: 'image/png', buffer: original });
      // the file itself and the multipart's few lines around it: not drawn and encoded again
      expect(bytes).toBeGreaterThan(original.length);
      expect(bytes).toBeLessThan(original.length + 1000);
      expect((await storedPhotos(student, token))[1]).toMatchObject({
        contentType: 'image/png',
        width: 1280,
        height: 800,
      });
    });
  });

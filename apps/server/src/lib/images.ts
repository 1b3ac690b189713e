import os from 'node:os';
import { MSG_CONVERSATION, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, type TAttachment } from '@bit/contract';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { HttpError } from './errors';
import { createSemaphore, QueueFullError, type Semaphore } from './semaphore';

/** The longer side of a stored photo and of its thumbnail (CONTRACT 5.3). */
export const PHOTO_MAX_SIDE = 2048;
export const THUMB_MAX_SIDE = 320;

export type PhotoType = TAttachment['contentType'];

export interface ProcessedPhoto {
  contentType: PhotoType;
  data: Buffer;
  width: number;
  height: number;
  thumb: Buffer;
}

// one libvips thread per image: a decode is one CPU's work, so the queue below counts CPUs; and
// sharp keeps no decoded images cached between photos
sharp.concurrency(1);
sharp.cache(false);

/**
 * How many photos one server process decodes at once: its share of the CPUs (WORKERS processes share
 * them, so the machine decodes at most one photo per CPU), at least one. A decode of a 6 MB noise JPEG
 * is about 2 s of CPU; without a queue a burst of uploads took every core from the other requests (and
 * held as many decoded images in memory).
 * Never more than libuv's thread pool less one either: sharp's work waits for a thread of that pool
 * (4 by default), and so do password hashes and file reads, which must find one free.
 */
export function decodeSlots(
  workers: number,
  cpus = os.availableParallelism(),
  threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(Math.floor(cpus / Math.max(1, workers)), threadPool - 1));
}

/**
 * Photos one process holds waiting for a decode (CONTRACT 6.7): each holds its upload (up to 8 MiB)
 * in memory while it waits. One more is answered 503 with Retry-After (DECODE_BUSY_RETRY_S) at once,
 * never decoded. 48 holds a student's whole day (30) sent at once, with room for others; the photo
 * slots (services/complaints/photos.ts) keep any one complaint to 6 and any one student to 30 in
 * flight, so only many users at once fill it.
 */
export const DECODE_WAITING_MAX = 48;
/** Retry-After of the 503 a photo gets when the decode queue is full: a few decodes' time. */
export const DECODE_BUSY_RETRY_S = 5;

const decodeQueues = new Map<number, Semaphore>();

/** This process's queue of decodes, for a server of `workers` processes (one queue per process). */
export function decodeQueue(workers: number): Semaphore {
  const slots = decodeSlots(workers);
  let queue = decodeQueues.get(slots);
  if (!queue) {
    queue = createSemaphore(slots, DECODE_WAITING_MAX);
    decodeQueues.set(slots, queue);
  }
  return queue;
}

let decodes = 0;

/**
 * Photos this process has begun to decode since it started: what a test counts to show that a refused
 * photo cost no decode (never a timing).
 */
export const photoDecodes = () => decodes;

/**
 * The type of an image by its first bytes, never by its name or declared type: JPEG, PNG or WebP,
 * or null for anything else (PDF, SVG, HEIC, GIF, text named .jpg).
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'image/png';
  if (
    b.length >= 12 &&
    String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!) === 'RIFF' &&
    String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const unsupported = () => new HttpError(415, MSG_CONVERSATION.photoType);
const unreadable = () => new HttpError(415, MSG_CONVERSATION.photoUnreadable);

function encode(pipeline: Sharp, type: PhotoType): Sharp {
  if (type === 'image/png') return pipeline.png({ compressionLevel: 9 });
  if (type === 'image/webp') return pipeline.webp({ quality: 82 });
  return pipeline.jpeg({ quality: 82, mozjpeg: true });
}

/**
 * Checks a photo and re-encodes it: orientation applied, at most 2048 px on its longer side, every
 * metadata block (EXIF with the GPS position, XMP, ICC comments) dropped, since sharp writes none
 * unless asked; plus a thumbnail. The header is read first, so a decompression bomb (a small file
 * that claims a huge canvas) is refused before any pixel is decoded. Everything sharp does for it
 * runs in one slot of `queue`; the size and the signature are checked before it waits for one.
 */
export async function processPhoto(
  bytes: Buffer,
  queue: Semaphore = decodeQueue(1),
): Promise<ProcessedPhoto> {
  if (bytes.length > PHOTO_MAX_BYTES) throw new HttpError(413, MSG_CONVERSATION.photoTooLarge);
  const type = sniffPhotoType(bytes);
  if (!type) throw unsupported();
  try {
    return await queue.run(() => decodePhoto(bytes, type));
  } catch (err) {
    if (err instanceof QueueFullError)
      throw new HttpError(503, MSG_CONVERSATION.photosBusy, { 'retry-after': String(DECODE_BUSY_RETRY_S) });
    throw err;
  }
}

async function decodePhoto(bytes: Buffer, type: PhotoType): Promise<ProcessedPhoto> {
  decodes++;
  const options: SharpOptions = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning' };
  let meta: Metadata;
  try {
    // the header only: no pixel limit here, so an oversized canvas is answered as such below
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  // the header must agree with the bytes' own signature (a PNG header inside a "JPEG" is refused)
  const declared = meta.format === 'jpeg' ? 'image/jpeg' : meta.format ? `image/${meta.format}` : null;
  if (declared !== type) throw unsupported();
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > PHOTO_MAX_PIXELS)
    throw new HttpError(413, MSG_CONVERSATION.photoTooManyPixels);
  if ((meta.pages ?? 1) > 1) throw unsupported();
  try {
    // decoded once, to raw pixels, upright: both sizes are made from it
    const upright = await sharp(bytes, options)
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
    const data = await encode(pixels(), type).toBuffer({ resolveWithObject: true });
    const thumb = await encode(
      pixels().resize(THUMB_MAX_SIDE, THUMB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }),
      type,
    ).toBuffer();
    return { contentType: type, data: data.data, width: data.info.width, height: data.info.height, thumb };
  } catch {
    // a truncated or corrupt image fails while its pixels are decoded
    throw unreadable();
  }
}

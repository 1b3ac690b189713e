/**
 * A photo made smaller in the browser before it goes up (issue 33 row 17): a phone's 7.6 MB photo
 * took 31 s on a 2 Mbit uplink, and the server keeps at most 2048 px of it anyway (apps/server's
 * lib/images.ts, which still checks the bytes and re-encodes whatever arrives). Loaded only when a
 * photo is chosen (features/complaints/api/upload-attachment.ts), never with a screen.
 *
 * Whatever goes wrong (a type the browser cannot decode, such as HEIC in some browsers; no canvas; an
 * encoder that refuses) the original goes, as it did before.
 */

/** The longer side the server keeps (PHOTO_MAX_SIDE in apps/server/src/lib/images.ts). */
export const SHRINK_MAX_SIDE = 2048;
/** About what a phone's camera writes at 2048 px, half its bytes; the server re-encodes at 82. */
export const SHRINK_QUALITY = 0.85;
/**
 * A photo smaller than this goes as it is: 2 s at most on a 2 Mbit uplink, less than decoding and
 * encoding it takes on a slow phone.
 */
export const SHRINK_FROM_BYTES = 512 * 1024;

type TPhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

export type TShrinkPlan = { width: number; height: number; type: TPhotoType; quality: number | undefined };

/** The size that fits `max` on the longer side, proportions kept; the same size when it fits already. */
export function fitWithin(width: number, height: number, max = SHRINK_MAX_SIDE) {
  const longer = Math.max(width, height);
  if (longer <= max) return { width, height };
  const scale = max / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * What to make of a decoded photo of `type` (upright, `width` × `height`), or null to send it as it is.
 * A PNG (a screenshot, usually) stays PNG, lossless and with its transparency, and one that fits is
 * not touched at all, so its text stays sharp. A WebP stays WebP. A JPEG, or a type the browser did
 * not name but could decode, becomes a JPEG; one that fits already is encoded again too, as a camera's
 * finest quality is several times the bytes (the caller keeps whichever is smaller).
 */
export function shrinkPlan(type: string, width: number, height: number): TShrinkPlan | null {
  const size = fitWithin(width, height);
  const fits = size.width === width && size.height === height;
  if (type === 'image/png') return fits ? null : { ...size, type: 'image/png', quality: undefined };
  if (type === 'image/webp') return { ...size, type: 'image/webp', quality: SHRINK_QUALITY };
  return { ...size, type: 'image/jpeg', quality: SHRINK_QUALITY };
}

const EXTENSIONS: Record<TPhotoType, RegExp> = {
  'image/jpeg': /\.jpe?g$/i,
  'image/png': /\.png$/i,
  'image/webp': /\.webp$/i,
};

/** The file's name with the extension of its new type ("IMG_2041.HEIC" → "IMG_2041.jpg"). */
export function renamed(name: string, type: TPhotoType): string {
  if (EXTENSIONS[type].test(name)) return name;
  const base = name.replace(/\.[^./]*$/, '') || 'photo';
  return `${base}.${type === 'image/jpeg' ? 'jpg' : type.slice('image/'.length)}`;
}

type TContext2d = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function paint(context: TContext2d, bitmap: ImageBitmap, plan: TShrinkPlan) {
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, plan.width, plan.height);
}

/** The bitmap drawn at the plan's size and encoded; off the page's DOM where the browser can. */
async function encode(bitmap: ImageBitmap, plan: TShrinkPlan): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(plan.width, plan.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    paint(context, bitmap, plan);
    return canvas.convertToBlob({ type: plan.type, quality: plan.quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, bitmap, plan);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, plan.type, plan.quality));
  // the pixels go now, not when the collector comes by: a phone has little memory to spare
  canvas.width = 0;
  canvas.height = 0;
  return blob;
}

/**
 * The photo to upload: at most 2048 px on its longer side and re-encoded when that makes it smaller,
 * else `file` itself. The camera's orientation (EXIF) is applied as the photo is decoded, so the
 * pixels sent are upright; no metadata is written (no GPS position leaves the phone).
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size < SHRINK_FROM_BYTES || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const plan = shrinkPlan(file.type, bitmap.width, bitmap.height);
    if (!plan) return file;
    const blob = await encode(bitmap, plan);
    // a browser that cannot write the type answers with a PNG: then the original is better
    if (!blob || blob.type !== plan.type || blob.size >= file.size) return file;
    return new File([blob], renamed(file.name, plan.type), {
      type: plan.type,
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}

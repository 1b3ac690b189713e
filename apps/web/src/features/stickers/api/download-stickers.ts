import { useMutation } from '@tanstack/react-query';
import { baseHeaders, buildUrl, parseBody, refusal } from '../../../lib/api-client';

const PATH = '/stickers.pdf';

/** A sheet as the address holds it: a hostel's rooms, or a college department's place (CONTRACT 6.4). */
export type TStickerRequest =
  | { type: 'Hostel'; hostelNo: string; rooms: string }
  | { type: 'College'; subType: string; place: string };

export type TStickerFile = { blob: Blob; fileName: string };

const fileNameOf = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'stickers.pdf';

/**
 * GET /api/stickers.pdf: the PDF as a Blob. Fetched rather than followed as a link, so that the
 * screen can say it is working (1,000 stickers take seconds) and show a refusal's message in place.
 */
export async function downloadStickers(request: TStickerRequest): Promise<TStickerFile> {
  const headers = baseHeaders();
  headers.set('Accept', 'application/pdf, application/json');
  const res = await fetch(buildUrl(PATH, request), { headers, credentials: 'include' });
  if (!res.ok) throw refusal(PATH, res.status, parseBody(await res.text()));
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}

/** Hands a downloaded file to the browser as a download of its own name. */
export function saveFile({ blob, fileName }: TStickerFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the file over; revoked on the next turn, not before the browser reads it
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadStickers() {
  return useMutation({ mutationFn: downloadStickers });
}

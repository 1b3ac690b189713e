import {
  filingPathOf,
  MSG_STICKERS,
  STICKER_SHEETS_PER_HOUR,
  type TFilingPlace,
  type TStickerSheet,
} from '@bit/contract';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import QRCode from 'qrcode';
import type { Ctx } from '../../context';
import { forbidden } from '../../lib/errors';
import { createSemaphore } from '../../lib/semaphore';
import { mayMakeStickers, staffRefusal } from '../../policy/staff';
import { spend } from '../accounts/throttle';
import type { Limit } from '../accounts/throttle-limits';
import type { UserRow } from '../accounts/users';

/**
 * CONTRACT 6.4: a sheet of QR stickers, A4, 3 across and 4 down. Each sticker's code is the filing
 * form's address for its room or place (PUBLIC_URL/file-complaint?...), with the place printed under
 * it and one line saying what scanning does.
 *
 * Cost (decision 0026): qrcode's encoder is most of it, about 1 ms of CPU a code (it tries the eight
 * masks); the sheet is built 4 codes at a time with a turn of the event loop between, and pdf-lib
 * writes the file 50 objects a turn, so no stretch holds other requests for long.
 */

export const STICKERS_PER_ROW = 3;
export const STICKER_ROWS = 4;
export const STICKERS_PER_PAGE = STICKERS_PER_ROW * STICKER_ROWS;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 28;
const CELL_W = (A4[0] - 2 * MARGIN) / STICKERS_PER_ROW;
const CELL_H = (A4[1] - 2 * MARGIN) / STICKER_ROWS;
const PAD = 10;
const QR_SIZE = 106;
/** Modules of light margin round a code: the quiet zone the QR standard asks for. */
const QUIET = 4;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const CUT = rgb(0.75, 0.75, 0.75);

/** One sheet at a time per process: a 1,000-sticker sheet is seconds of CPU, and memory while it is built. */
const sheets = createSemaphore(1);

/**
 * CONTRACT 6.7: sheets one user may make in an hour, a fixed window from the first. Counted in the
 * throttle table by one conditional write (trySpend), so requests sent at once cannot pass it together,
 * and counted before the sheet is built: a refused sheet costs no CPU.
 */
export const STICKER_SHEET_LIMIT: Limit = { max: STICKER_SHEETS_PER_HOUR, windowMs: 60 * 60 * 1000 };
export const stickerSheetKey = (userId: number) => `stickers:user:${userId}`;

/** Codes encoded between two turns of the event loop: about 5 ms of CPU (qrcode tries eight masks a code). */
const STICKERS_PER_TURN = 4;

/** Lets the event loop run other requests between two stretches (awaits alone do not). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Sticker {
  place: TFilingPlace;
  /** the big line: the room, or the department */
  title: string;
  /** the line under it: the hostel, or the place */
  subtitle: string;
  scan: string;
}

function stickersOf(sheet: TStickerSheet): Sticker[] {
  if (sheet.type === 'Hostel')
    return sheet.rooms.map((roomNo) => ({
      place: { type: 'Hostel', hostelNo: sheet.hostelNo, roomNo },
      title: `Room ${roomNo}`,
      subtitle: `Hostel ${sheet.hostelNo}`,
      scan: MSG_STICKERS.scanHostel,
    }));
  return [
    {
      place: { type: 'College', subType: sheet.subType, place: sheet.place },
      title: sheet.subType,
      subtitle: sheet.place,
      scan: MSG_STICKERS.scanCollege,
    },
  ];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The file's name in Content-Disposition: ASCII letters, digits and dashes only. */
export function stickerFileName(sheet: TStickerSheet): string {
  return sheet.type === 'Hostel'
    ? `stickers-hostel-${sheet.hostelNo}.pdf`
    : `stickers-${slug(sheet.subType)}-${slug(sheet.place) || 'place'}.pdf`.slice(0, 80);
}

/** The PDF of a sheet, for a user the policy lets print it (403 otherwise, nothing built). */
export async function makeStickerSheet(
  ctx: Ctx,
  user: UserRow,
  sheet: TStickerSheet,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  if (!mayMakeStickers(user, sheet)) {
    // a warden awaiting approval is told why, not that the hostel is someone else's
    const refusal = staffRefusal(user, 'act');
    if (refusal) throw forbidden(refusal);
    if (sheet.type === 'College' && user.role === 'authority') throw forbidden(MSG_STICKERS.collegeAdminOnly);
    throw forbidden(MSG_STICKERS.notOwnHostel(user.hostel_no === null ? null : Number(user.hostel_no)));
  }
  // after the policy: a sheet refused with 403 is not counted
  await spend(ctx, [
    {
      key: stickerSheetKey(Number(user.id)),
      limit: STICKER_SHEET_LIMIT,
      message: MSG_STICKERS.tooManySheets,
    },
  ]);
  const pdf = await sheets.run(() => renderStickers(ctx.config.publicUrl, stickersOf(sheet), titleOf(sheet)));
  return { fileName: stickerFileName(sheet), pdf };
}

const titleOf = (sheet: TStickerSheet) =>
  sheet.type === 'Hostel'
    ? `QR stickers: Hostel ${sheet.hostelNo}`
    : `QR stickers: ${sheet.subType}, ${sheet.place}`;

async function renderStickers(publicUrl: string, stickers: Sticker[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('BIT Mesra Complaint System');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage | undefined;
  for (const [i, sticker] of stickers.entries()) {
    const slot = i % STICKERS_PER_PAGE;
    if (i > 0 && i % STICKERS_PER_TURN === 0) await nextTurn();
    if (slot === 0) page = doc.addPage(A4);
    const x = MARGIN + (slot % STICKERS_PER_ROW) * CELL_W;
    const top = A4[1] - MARGIN - Math.floor(slot / STICKERS_PER_ROW) * CELL_H;
    drawSticker(doc, page as PDFPage, { x, top }, sticker, `${publicUrl}${filingPathOf(sticker.place)}`, {
      regular,
      bold,
    });
  }
  // without object streams: their compression was one stretch of about 110 ms of CPU at 1,000
  // stickers, where writing objects as they are takes 7 ms at most between turns (and 25% more bytes)
  return doc.save({ useObjectStreams: false });
}

function drawSticker(
  doc: PDFDocument,
  page: PDFPage,
  at: { x: number; top: number },
  sticker: Sticker,
  url: string,
  fonts: { regular: PDFFont; bold: PDFFont },
) {
  const width = CELL_W - 2 * PAD;
  // the cut line
  page.drawRectangle({
    x: at.x + 2,
    y: at.top - CELL_H + 2,
    width: CELL_W - 4,
    height: CELL_H - 4,
    borderColor: CUT,
    borderWidth: 0.5,
    borderDashArray: [3, 3],
  });
  let y = at.top - PAD - 7.5;
  centred(page, 'BIT Mesra: report a problem', { font: fonts.regular, size: 7.5, color: MUTED }, at.x, y);
  y -= 4 + QR_SIZE;
  drawQr(doc, page, url, at.x + (CELL_W - QR_SIZE) / 2, y);
  const titleSize = sizeToFit(sticker.title, fonts.bold, 16, width);
  y -= 4 + titleSize;
  centred(page, sticker.title, { font: fonts.bold, size: titleSize, color: INK }, at.x, y);
  // a place of 60 characters takes up to three lines, smaller type before anything is cut
  const sub = fitBlock(sticker.subtitle, fonts.regular, 9.5, width, 3);
  y -= 2;
  for (const line of sub.lines) {
    y -= sub.size + 1.5;
    centred(page, line, { font: fonts.regular, size: sub.size, color: INK }, at.x, y);
  }
  const scanSize = sizeToFit(sticker.scan, fonts.regular, 7.5, width);
  y -= 3 + scanSize + 1.5;
  centred(page, sticker.scan, { font: fonts.regular, size: scanSize, color: MUTED }, at.x, y);
}

function centred(
  page: PDFPage,
  text: string,
  style: { font: PDFFont; size: number; color: ReturnType<typeof rgb> },
  cellX: number,
  y: number,
) {
  const w = style.font.widthOfTextAtSize(text, style.size);
  page.drawText(text, { ...style, x: cellX + (CELL_W - w) / 2, y });
}

/** The largest size up to `max` at which the text fits the width (a room of 20 characters still fits). */
function sizeToFit(text: string, font: PDFFont, max: number, width: number): number {
  const w = font.widthOfTextAtSize(text, max);
  return w <= width ? max : Math.max(6, Math.floor(((max * width) / w) * 10) / 10);
}

/** The largest size up to `max` (down to 6 pt) at which the text takes at most `maxLines` lines. */
function fitBlock(text: string, font: PDFFont, max: number, width: number, maxLines: number) {
  for (let size = max; size > 6; size -= 0.5) {
    const lines = fitLines(text, font, size, width, Number.POSITIVE_INFINITY);
    if (lines.length <= maxLines) return { size, lines };
  }
  return { size: 6, lines: fitLines(text, font, 6, width, maxLines) };
}

/** The text in at most `max` lines of the width, by words (a word longer than a line by characters). */
function fitLines(text: string, font: PDFFont, size: number, width: number, max: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  const push = (word: string) => {
    let rest = word;
    while (!fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) line = next;
    else {
      if (line) lines.push(line);
      push(word);
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = `${kept[max - 1]}…`;
  while (!fits(last) && last.length > 1) last = `${last.slice(0, -2)}…`;
  kept[max - 1] = last;
  return kept;
}

/**
 * The code as a 1-bit image, one pixel a module, quiet zone included, scaled up on the page without
 * smoothing: qrcode encodes, pdf-lib stores it (compressed) and draws it. 250 bytes a code, where a
 * PNG from qrcode re-read by pdf-lib took five times as long and ten times the room.
 */
function drawQr(doc: PDFDocument, page: PDFPage, url: string, x: number, y: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const side = size + 2 * QUIET;
  const rowBytes = Math.ceil(side / 8);
  // DeviceGray at 1 bit: 1 is white, 0 black
  const bits = new Uint8Array(rowBytes * side).fill(0xff);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (modules.get(r, c)) {
        const px = c + QUIET;
        const offset = (r + QUIET) * rowBytes + (px >> 3);
        bits[offset] = (bits[offset] as number) & ~(0x80 >> (px & 7));
      }
  const image = doc.context.flateStream(bits, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: side,
    Height: side,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    Interpolate: false,
  });
  const name = page.node.newXObject('QR', doc.context.register(image));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(QR_SIZE, 0, 0, QR_SIZE, x, y),
    drawObject(name),
    popGraphicsState(),
  );
}

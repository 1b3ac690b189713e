// Catalogue: the QR stickers' limits, messages, query schema, and the room and address rules of both sides.
import { z } from 'zod';
import { MSG_COMPLAINT } from './complaints';
import { COLLEGE_DEPARTMENTS, COMPLAINT_TYPES, HOSTEL_MAX, HOSTEL_MIN, ROOM_MAX } from './enums';
import { FILE_COMPLAINT_PATH } from './links';

/**
 * CONTRACT 6.4: QR stickers. A sheet is made for a hostel's rooms (`rooms`: `101-140,201-240,G12`)
 * or for one place of a college department; each sticker's code opens the filing form filled with
 * where it hangs. The room list's rules are here, so the web's form and the server read it alike.
 */
export const STICKERS_MAX = 1000;
export const STICKER_PLACE_MAX = 60;
/** The room list's length: 1,000 rooms of 4 characters with their commas, and room to spare. */
export const STICKER_ROOMS_TEXT_MAX = 10_000;
export const STICKERS_API_PATH = '/api/stickers.pdf';
/** CONTRACT 6.7: sheets one user may make in an hour (MSG_STICKERS.tooManySheets says it). */
export const STICKER_SHEETS_PER_HOUR = 10;

const clip = (s: string) => (s.length > 20 ? `${s.slice(0, 20)}…` : s);

export const MSG_STICKERS = {
  typeInvalid: 'type must be Hostel or College',
  hostelRequired: MSG_COMPLAINT.hostelRequired,
  departmentRequired: MSG_COMPLAINT.departmentRequired,
  roomsRequired: 'Enter the rooms, such as 101-140,201-240,G12',
  roomsTextLong: `The list of rooms must be at most 10,000 characters`,
  roomsMalformed: (item: string) =>
    `"${clip(item)}" is not a room or a range of rooms: write rooms such as 101-140,201-240,G12`,
  roomsBackwards: (item: string) => `The range ${clip(item)} runs backwards: write the lower room first`,
  roomsMixed: (item: string) => `The range ${clip(item)} must start and end with the same letters`,
  roomLong: `A room number must be at most ${ROOM_MAX} characters`,
  roomsTooMany: 'At most 1,000 stickers at a time: split the rooms into several sheets',
  placeRequired: 'Enter the place the sticker is for',
  placeLong: `Place must be at most ${STICKER_PLACE_MAX} characters`,
  placeCharacters: 'Place may use letters, digits, spaces and common punctuation only',
  notOwnHostel: (hostelNo: number | null) =>
    hostelNo === null ? 'You cannot make stickers' : `You can make stickers for Hostel ${hostelNo} only`,
  collegeAdminOnly: 'Only an administrator can make stickers for college departments',
  scanHostel: 'Scan to report a problem in this room',
  scanCollege: 'Scan to report a problem at this place',
  tooManySheets: `You can make at most ${STICKER_SHEETS_PER_HOUR} sticker sheets an hour. Please try again later.`,
} as const;

export type TRoomsParse = { ok: true; rooms: string[] } | { ok: false; message: string };

const SINGLE = /^[A-Za-z0-9]+$/;
const RANGE = /^([A-Za-z]*)(\d+)-([A-Za-z]*)(\d+)$/;

/**
 * `101-140,201-240,G12` → every room, in the order written, each once. A range is digits with the
 * same letters before both ends (`G1-G12`); its numbers keep the first end's zero padding (`01-12`).
 * The count is checked before anything is expanded, so `1-999999999` costs nothing.
 */
export function parseRooms(text: string): TRoomsParse {
  if (text.length > STICKER_ROOMS_TEXT_MAX) return { ok: false, message: MSG_STICKERS.roomsTextLong };
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) return { ok: false, message: MSG_STICKERS.roomsRequired };
  const parts: Array<{ prefix: string; from: number; to: number; width: number } | string> = [];
  let count = 0;
  for (const item of items) {
    const range = RANGE.exec(item);
    if (range) {
      const [, prefix = '', first = '', endPrefix = '', last = ''] = range;
      if (prefix.toUpperCase() !== endPrefix.toUpperCase())
        return { ok: false, message: MSG_STICKERS.roomsMixed(item) };
      const from = Number(first);
      const to = Number(last);
      if (first.length > ROOM_MAX || last.length > ROOM_MAX)
        return { ok: false, message: MSG_STICKERS.roomLong };
      if (to < from) return { ok: false, message: MSG_STICKERS.roomsBackwards(item) };
      count += to - from + 1;
      parts.push({ prefix, from, to, width: first.startsWith('0') ? first.length : 0 });
    } else if (SINGLE.test(item)) {
      if (item.length > ROOM_MAX) return { ok: false, message: MSG_STICKERS.roomLong };
      count += 1;
      parts.push(item);
    } else {
      return { ok: false, message: MSG_STICKERS.roomsMalformed(item) };
    }
    if (count > STICKERS_MAX) return { ok: false, message: MSG_STICKERS.roomsTooMany };
  }
  const rooms = new Set<string>();
  for (const part of parts) {
    if (typeof part === 'string') rooms.add(part);
    else
      for (let n = part.from; n <= part.to; n++) {
        const room = `${part.prefix}${String(n).padStart(part.width, '0')}`;
        if (room.length > ROOM_MAX) return { ok: false, message: MSG_STICKERS.roomLong };
        rooms.add(room);
      }
  }
  return { ok: true, rooms: [...rooms] };
}

/**
 * What a sticker's place may hold: what the PDF's standard font (WinAnsi: Latin letters with their
 * accents, digits, punctuation) can print. Anything else would print as nothing, or not at all.
 */
const PLACE_CHARACTERS = /^[\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2026]*$/;

/** A place's text problem, or null when it will do: 1..60 characters the sticker can print. */
export function placeProblem(place: string): string | null {
  const trimmed = place.trim();
  if (trimmed === '') return MSG_STICKERS.placeRequired;
  if (trimmed.length > STICKER_PLACE_MAX) return MSG_STICKERS.placeLong;
  if (!PLACE_CHARACTERS.test(trimmed)) return MSG_STICKERS.placeCharacters;
  return null;
}

export type TStickerSheet =
  | { type: 'Hostel'; hostelNo: number; rooms: string[] }
  | { type: 'College'; subType: (typeof COLLEGE_DEPARTMENTS)[number]; place: string };

const optionalText = z.string().optional();

/**
 * GET /api/stickers.pdf's query: `hostelNo` and `rooms` (type Hostel, the default), or
 * `type=College&subType=<department>&place=<text>`. Each bad value is a 400 naming its field.
 */
export const ZStickersQuery = z
  .object({
    type: z.enum(COMPLAINT_TYPES, { error: MSG_STICKERS.typeInvalid }).default('Hostel'),
    hostelNo: optionalText.meta({ description: 'Hostel 1..13 (type Hostel)' }),
    rooms: optionalText.meta({
      description: `Rooms and ranges, comma-separated: 101-140,201-240,G12 (type Hostel; at most ${STICKERS_MAX} stickers)`,
    }),
    subType: optionalText.meta({ description: 'A college department (type College)' }),
    place: optionalText.meta({
      description: `Where in the department, 1..${STICKER_PLACE_MAX} characters (type College)`,
    }),
  })
  .transform((q, ctx): TStickerSheet => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    if (q.type === 'College') {
      const subType = COLLEGE_DEPARTMENTS.find((d) => d === q.subType);
      if (!subType) return fail('subType', MSG_STICKERS.departmentRequired);
      const problem = placeProblem(q.place ?? '');
      if (problem) return fail('place', problem);
      return { type: 'College', subType, place: (q.place ?? '').trim() };
    }
    const hostelNo = Number(q.hostelNo);
    if (!/^\d+$/.test(q.hostelNo ?? '') || hostelNo < HOSTEL_MIN || hostelNo > HOSTEL_MAX)
      return fail('hostelNo', MSG_STICKERS.hostelRequired);
    const parsed = parseRooms(q.rooms ?? '');
    if (!parsed.ok) return fail('rooms', parsed.message);
    return { type: 'Hostel', hostelNo, rooms: parsed.rooms };
  });
export type TStickersQuery = z.input<typeof ZStickersQuery>;

/** What a sticker's address fills on the filing form: where the problem is, never what it is. */
export type TFilingPlace =
  | { type: 'Hostel'; hostelNo: number; roomNo: string }
  | { type: 'College'; subType: string; place: string };

/** The filing form's address for a sticker: `/file-complaint?type=Hostel&hostelNo=5&roomNo=101`. */
export function filingPathOf(place: TFilingPlace): string {
  const params: Record<string, string> =
    place.type === 'Hostel'
      ? { type: 'Hostel', hostelNo: String(place.hostelNo), roomNo: place.roomNo }
      : { type: 'College', subType: place.subType, place: place.place };
  return `${FILE_COMPLAINT_PATH}?${new URLSearchParams(params).toString()}`;
}

/**
 * What the filing form takes from its address (a sticker's, or any link): each value only when it
 * is one the form could hold, so a mistyped or hostile address fills nothing rather than something
 * wrong. `place` only for a college complaint, as the sticker writes it.
 */
export function filingFromAddress(search: URLSearchParams): {
  type?: 'Hostel' | 'College';
  hostelNo?: string;
  roomNo?: string;
  subType?: string;
  place?: string;
} {
  const type = search.get('type');
  if (type === 'Hostel') {
    const hostelNo = search.get('hostelNo') ?? '';
    const roomNo = (search.get('roomNo') ?? '').trim();
    const n = Number(hostelNo);
    return {
      type,
      ...(/^\d+$/.test(hostelNo) && n >= HOSTEL_MIN && n <= HOSTEL_MAX ? { hostelNo: String(n) } : {}),
      ...(roomNo !== '' && roomNo.length <= ROOM_MAX ? { roomNo } : {}),
    };
  }
  if (type === 'College') {
    const subType = search.get('subType') ?? '';
    const place = (search.get('place') ?? '').trim();
    return {
      type,
      ...((COLLEGE_DEPARTMENTS as readonly string[]).includes(subType) ? { subType } : {}),
      ...(placeProblem(place) === null ? { place } : {}),
    };
  }
  return {};
}

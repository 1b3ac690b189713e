import { z } from 'zod';
import { MSG_COMPLAINT } from './complaints';
import { HOSTEL_MAX, HOSTEL_MIN, ROOM_MAX } from './enums';
import { MSG } from './messages';
import { ZUser } from './user';

/**
 * CONTRACT 5.8: a mobile number as people write it: ten digits, or ten digits after `+91` or a
 * leading `0`, with spaces and dashes anywhere (`+91 98765-43210`).
 */
const MOBILE_RE = /^(?:\+91|0)?(\d{10})$/;

/** The ten digits a mobile number is stored as, or null when the text is not one. */
export function normaliseMobile(text: string): string | null {
  return MOBILE_RE.exec(text.trim().replace(/[\s-]/g, ''))?.[1] ?? null;
}

/** A mobile number in a request: SPEC's two messages, stored as its ten digits. */
export const ZMobile = z
  .string({ error: MSG.mobileRequired })
  .trim()
  .min(1, MSG.mobileRequired)
  .transform((text, ctx) => {
    const digits = normaliseMobile(text);
    if (digits !== null) return digits;
    ctx.addIssue({ code: 'custom', message: MSG.mobileInvalid });
    return z.NEVER;
  });

export const MSG_PROFILE = {
  saved: 'Profile saved',
  saveFailed: 'Failed to save your profile',
  roomLong: `Room number must be at most ${ROOM_MAX} characters`,
} as const;

/** A student's hostel (1..13), or null: none chosen ('' from a form, null or left out). */
const optionalHostel = z
  .union([z.number(), z.string(), z.null()], { error: MSG_COMPLAINT.hostelRequired })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'string' ? Number(v.trim()) : v;
    if (Number.isInteger(n) && n >= HOSTEL_MIN && n <= HOSTEL_MAX) return n;
    ctx.addIssue({ code: 'custom', message: MSG_COMPLAINT.hostelRequired });
    return z.NEVER;
  });

/** A room number as the filing form takes it (trimmed, at most 20 characters), or null. */
const optionalRoom = z
  .union([z.string().trim().max(ROOM_MAX, MSG_PROFILE.roomLong), z.null()], {
    error: MSG_COMPLAINT.roomRequired,
  })
  .optional()
  .transform((v) => (v ? v : null));

/** `PUT /api/me/profile` (students): mobile, and an optional hostel and room (a room needs its hostel). */
export const ZProfileRequest = z
  .strictObject({ mobile: ZMobile, hostelNo: optionalHostel, roomNo: optionalRoom })
  .superRefine((v, ctx) => {
    if (v.roomNo !== null && v.hostelNo === null) {
      ctx.addIssue({ code: 'custom', path: ['hostelNo'], message: MSG_COMPLAINT.hostelRequired });
    }
  });
export type TProfileRequest = z.input<typeof ZProfileRequest>;
export type TProfile = z.output<typeof ZProfileRequest>;

export const ZProfileResponse = z.object({ data: ZUser });
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

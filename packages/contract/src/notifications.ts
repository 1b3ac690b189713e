import { z } from 'zod';
import { pageOf } from './common';
import { HOSTEL_DESIGNATIONS, HOSTEL_MAX, MESSAGE_MAX, TITLE_MAX } from './enums';

export const MSG_NOTICE = {
  titleRequired: 'Please enter a title',
  titleLong: `Title must be at most ${TITLE_MAX} characters`,
  messageRequired: 'Please enter a message',
  messageLong: `Message must be at most ${MESSAGE_MAX} characters`,
  hostelInvalid: 'Target must be all or a hostel number from 1 to 13',
  /** CONTRACT 5.8: a Hostel Clerk or Warden posting to another audience (403) */
  ownHostelOnly: (hostel: number | null) =>
    hostel === null
      ? 'You can post notices only to your own hostel, and your account has none'
      : `You can post notices only to your own hostel (Hostel ${hostel})`,
} as const;

/**
 * CONTRACT 5.8: the audiences an authority or admin may post to: a Hostel Clerk or Warden only
 * their own hostel, everyone else (Network Department, Other, admins) any audience.
 */
export function noticeTargetsFor(user: {
  role: string;
  designation: string | null;
  hostelNo: number | null;
}): string[] {
  const ownHostel = user.role === 'authority' && HOSTEL_DESIGNATIONS.includes(user.designation as never);
  if (!ownHostel) return NOTICE_TARGETS;
  return user.hostelNo === null ? [] : [String(user.hostelNo)];
}

/** `all` or a hostel number 1..13 as text, the form it takes in a path and a multipart field. */
export const ZNoticeTarget = z
  .string({ error: MSG_NOTICE.hostelInvalid })
  .trim()
  .refine((v) => v === 'all' || /^(?:[1-9]|1[0-3])$/.test(v), MSG_NOTICE.hostelInvalid);
export const NOTICE_TARGETS = ['all', ...Array.from({ length: HOSTEL_MAX }, (_, i) => String(i + 1))];

export const ZPostNotificationFields = z.strictObject({
  title: z
    .string({ error: MSG_NOTICE.titleRequired })
    .refine((s) => s.trim().length > 0, MSG_NOTICE.titleRequired)
    .refine((s) => s.length <= TITLE_MAX, MSG_NOTICE.titleLong),
  message: z
    .string({ error: MSG_NOTICE.messageRequired })
    .refine((s) => s.trim().length > 0, MSG_NOTICE.messageRequired)
    .refine((s) => s.length <= MESSAGE_MAX, MSG_NOTICE.messageLong),
  hostel: ZNoticeTarget,
});
export type TPostNotificationFields = z.infer<typeof ZPostNotificationFields>;

export const ZNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  hostel: z.string(),
  pdfUrl: z.string().nullable(),
  pdfName: z.string().nullable(),
  createdAt: z.string(),
  /** designation: an authority's when they posted ("Warden"), null for an admin */
  postedBy: z.object({
    id: z.number().int(),
    name: z.string(),
    role: z.string(),
    designation: z.string().nullable(),
  }),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationPage = pageOf(ZNotification);
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

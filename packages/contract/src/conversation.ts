import { z } from 'zod';
import { DESIGNATIONS, ROLES } from './enums';

/**
 * CONTRACT 5.1 to 5.4: authorities told of new complaints, messages on a complaint, photos and
 * reopening. Texts the server answers with are here, verbatim from the contract.
 */
export const MSG_CONVERSATION = {
  messageSent: 'Message sent',
  closedForMessages: 'This complaint is closed for messages',
  tooManyPhotos: 'A complaint can have at most 6 photos',
  reopened: 'Complaint reopened',
  cannotReopen: 'This complaint cannot be reopened',
  messageRequired: 'Please write a message',
  messageTooLong: 'A message can be at most 2000 characters',
  reasonRequired: 'Please give a reason for reopening',
  reasonTooLong: 'The reason can be at most 500 characters',
  tooManyMessages: 'You have sent too many messages. Please try again later.',
  photoType: 'Only JPEG, PNG or WebP photos are allowed',
  photoTooLarge: 'A photo must be at most 8 MB',
  photoTooManyPixels: 'A photo can have at most 40 megapixels',
  photoUnreadable: 'The photo could not be read. Please try another file.',
  photoRequired: 'Please choose a photo',
  preferenceInvalid: 'Choose each, digest or off',
} as const;

/** Messages stay open this long after the last change to Resolved or Rejected; reopening too. */
export const CONVERSATION_OPEN_DAYS = 14;
export const COMPLAINT_MESSAGE_MAX = 2000;
export const REOPEN_REASON_MAX = 500;
export const REOPEN_MAX = 2;
export const PHOTOS_PER_COMPLAINT = 6;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
export const MESSAGES_PER_HOUR = 30;

export const NEW_COMPLAINT_PREFERENCES = ['each', 'digest', 'off'] as const;
export type TNewComplaintPreference = (typeof NEW_COMPLAINT_PREFERENCES)[number];

export const ZPreferences = z.strictObject({
  newComplaints: z.enum(NEW_COMPLAINT_PREFERENCES, { error: MSG_CONVERSATION.preferenceInvalid }),
});
export type TPreferences = z.infer<typeof ZPreferences>;
export const ZPreferencesResponse = z.object({ data: ZPreferences });

/** Who wrote a message or added a photo. */
export const ZActor = z.object({
  name: z.string(),
  role: z.enum(ROLES),
  designation: z.enum(DESIGNATIONS).nullable(),
});
export type TActor = z.infer<typeof ZActor>;

export const ZPostMessageRequest = z.strictObject({
  body: z
    .string({ error: MSG_CONVERSATION.messageRequired })
    .trim()
    .min(1, MSG_CONVERSATION.messageRequired)
    .max(COMPLAINT_MESSAGE_MAX, MSG_CONVERSATION.messageTooLong),
});
export type TPostMessageRequest = z.infer<typeof ZPostMessageRequest>;

export const ZMessage = z.object({ id: z.number().int(), body: z.string(), by: ZActor, at: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
export const ZPostMessageResponse = z.object({ message: z.string(), data: ZMessage });

export const ZAttachment = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbUrl: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  by: ZActor,
  at: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;
export const ZAttachmentResponse = z.object({ data: ZAttachment });

export const ZReopenRequest = z.strictObject({
  reason: z
    .string({ error: MSG_CONVERSATION.reasonRequired })
    .trim()
    .min(1, MSG_CONVERSATION.reasonRequired)
    .max(REOPEN_REASON_MAX, MSG_CONVERSATION.reasonTooLong),
});
export type TReopenRequest = z.infer<typeof ZReopenRequest>;

export const attachmentUrl = (id: number) => `/api/attachments/${id}`;
export const attachmentThumbUrl = (id: number) => `/api/attachments/${id}/thumb`;

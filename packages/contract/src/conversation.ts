// Schema catalogue: one zod schema and its type per export (messages, photos, reopening), for both sides.
import { z } from 'zod';
import {
  COMPLAINT_MESSAGE_MAX,
  MSG_CONVERSATION,
  NEW_COMPLAINT_PREFERENCES,
  REOPEN_REASON_MAX,
} from './conversation-constants';
import { DESIGNATIONS, ROLES } from './enums';
import { MSG_PUSH } from './push';

// CONTRACT 5.1 to 5.4: the shapes; their texts and limits are in conversation-constants.ts.

/**
 * CONTRACT 5.1 and 6.3: which channels carry a user's events (every role), and how often an authority
 * hears of new complaints (authorities only: absent for the others).
 */
export const ZPreferences = z.object({
  newComplaints: z.enum(NEW_COMPLAINT_PREFERENCES).optional(),
  email: z.boolean(),
  push: z.boolean(),
});
export type TPreferences = z.infer<typeof ZPreferences>;
export const ZPreferencesResponse = z.object({ data: ZPreferences });

/** The authority's settings form: how often new complaints are mailed (CONTRACT 5.1). */
export const ZNewComplaintsPreference = z.object({
  newComplaints: z.enum(NEW_COMPLAINT_PREFERENCES, { error: MSG_CONVERSATION.preferenceInvalid }),
});
export type TNewComplaintsPreference = z.infer<typeof ZNewComplaintsPreference>;

/** A change of some preferences; what is not given stays as it is. */
export const ZPreferencesRequest = z
  .strictObject({
    newComplaints: z
      .enum(NEW_COMPLAINT_PREFERENCES, { error: MSG_CONVERSATION.preferenceInvalid })
      .optional(),
    email: z.boolean({ error: MSG_PUSH.preferenceInvalid }).optional(),
    push: z.boolean({ error: MSG_PUSH.preferenceInvalid }).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), MSG_PUSH.preferencesEmpty);
export type TPreferencesRequest = z.infer<typeof ZPreferencesRequest>;

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
    // free text is stored exactly as sent (CONTRACT 3): blank is refused, nothing is trimmed
    .refine((s) => s.trim().length > 0, MSG_CONVERSATION.messageRequired)
    .refine((s) => s.length <= COMPLAINT_MESSAGE_MAX, MSG_CONVERSATION.messageTooLong),
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
    .refine((s) => s.trim().length > 0, MSG_CONVERSATION.reasonRequired)
    .refine((s) => s.length <= REOPEN_REASON_MAX, MSG_CONVERSATION.reasonTooLong),
});
export type TReopenRequest = z.infer<typeof ZReopenRequest>;

// Schema catalogue: the saved replies' limits, messages, schemas and types, one per export, for both sides.
import { z } from 'zod';

/** CONTRACT 7.5: an authority keeps at most this many replies of their own; the admins' shared list as many. */
export const SAVED_REPLIES_MAX = 50;
export const REPLY_TITLE_MAX = 60;
export const REPLY_BODY_MAX = 2000;

/** What `{student}` becomes when a complaint names no student (decision 0031). */
export const UNKNOWN_STUDENT = 'Student';

export const MSG_REPLIES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${REPLY_TITLE_MAX} characters`,
  bodyRequired: 'Reply text is required',
  bodyTooLong: `Reply text must be at most ${REPLY_BODY_MAX} characters`,
  tooMany: `You can keep at most ${SAVED_REPLIES_MAX} saved replies. Delete one to add another.`,
  tooManyShared: `There can be at most ${SAVED_REPLIES_MAX} shared replies. Delete one to add another.`,
  notFound: 'Saved reply not found',
  added: 'Reply saved',
  updated: 'Reply updated',
  deleted: 'Reply deleted',
  fetchFailed: 'Failed to fetch saved replies',
  saveFailed: 'Failed to save the reply',
  deleteFailed: 'Failed to delete the reply',
} as const;

/**
 * POST and PUT /api/me/replies and /api/admin/replies. The title is trimmed (it is a label in a
 * menu); the body is stored exactly as sent (CONTRACT 3), blank refused, as a message's is.
 */
export const ZSaveReplyRequest = z.strictObject({
  title: z
    .string({ error: MSG_REPLIES.titleRequired })
    .trim()
    .min(1, MSG_REPLIES.titleRequired)
    .max(REPLY_TITLE_MAX, MSG_REPLIES.titleTooLong),
  body: z
    .string({ error: MSG_REPLIES.bodyRequired })
    .refine((s) => s.trim().length > 0, MSG_REPLIES.bodyRequired)
    .refine((s) => s.length <= REPLY_BODY_MAX, MSG_REPLIES.bodyTooLong),
});
export type TSaveReplyRequest = z.infer<typeof ZSaveReplyRequest>;

/**
 * A saved reply. `shared`: one of the admins' replies, offered to every authority and read only for
 * them; false for the authority's own.
 */
export const ZSavedReply = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  shared: z.boolean(),
});
export type TSavedReply = z.infer<typeof ZSavedReply>;

/** GET: an authority's own replies (by title), then the shared ones (by title); the admin's: the shared ones. */
export const ZSavedRepliesResponse = z.object({ data: z.array(ZSavedReply) });
export type TSavedRepliesResponse = z.infer<typeof ZSavedRepliesResponse>;

export const ZSavedReplyResponse = z.object({ message: z.string(), data: ZSavedReply });
export type TSavedReplyResponse = z.infer<typeof ZSavedReplyResponse>;

/** What a reply's placeholders stand for on one complaint. */
export type TReplyFill = { student?: { name: string } | null | undefined; token: string };

/**
 * A saved reply's text for one complaint: every `{student}` becomes the complaint's student's name
 * (UNKNOWN_STUDENT when it names none), every `{token}` its token. Nothing else is touched: another
 * word in braces stays as written, and what is put in is not read again (a name with `{token}` or `$&`
 * in it stays that text). The web fills it in, where the text stays editable.
 */
export function fillReply(body: string, on: TReplyFill): string {
  const name = on.student?.name?.trim() || UNKNOWN_STUDENT;
  return body.replace(/\{(student|token)\}/g, (_, key: string) => (key === 'student' ? name : on.token));
}

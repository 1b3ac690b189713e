import { z } from 'zod';
import { pageOf } from './common';
import { COMMENTS_MAX, RATING_MAX, RATING_MIN } from './enums';

export const MSG_FEEDBACK = {
  complaintRequired: 'Please select a complaint',
  ratingInvalid: 'Rating must be a whole number from 1 to 5',
  commentsLong: `Comments must be at most ${COMMENTS_MAX} characters`,
} as const;

export const ZSubmitFeedbackRequest = z.strictObject({
  complaintId: z
    .number({ error: MSG_FEEDBACK.complaintRequired })
    .int(MSG_FEEDBACK.complaintRequired)
    .positive(MSG_FEEDBACK.complaintRequired),
  rating: z
    .number({ error: MSG_FEEDBACK.ratingInvalid })
    .int(MSG_FEEDBACK.ratingInvalid)
    .min(RATING_MIN, MSG_FEEDBACK.ratingInvalid)
    .max(RATING_MAX, MSG_FEEDBACK.ratingInvalid),
  comments: z
    .string({ error: 'Comments must be text' })
    .max(COMMENTS_MAX, MSG_FEEDBACK.commentsLong)
    .nullish(),
});
export type TSubmitFeedbackRequest = z.infer<typeof ZSubmitFeedbackRequest>;

export const ZFeedback = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comments: z.string().nullable(),
  createdAt: z.string(),
  complaint: z.object({ id: z.number().int(), token: z.string(), type: z.string(), subType: z.string() }),
  student: z.object({ name: z.string(), rollNo: z.string().nullable() }),
});
export type TFeedback = z.infer<typeof ZFeedback>;

export const ZFeedbackPage = pageOf(ZFeedback).extend({ averageRating: z.number().nullable() });
export type TFeedbackPage = z.infer<typeof ZFeedbackPage>;

export const ZSubmitFeedbackResponse = z.object({ message: z.string(), data: ZFeedback });

/** A resolved complaint of the signed-in student that still awaits feedback. */
export const ZPendingFeedbackItem = z.object({
  id: z.number().int(),
  token: z.string(),
  type: z.string(),
  subType: z.string(),
  createdAt: z.string(),
});
export type TPendingFeedbackItem = z.infer<typeof ZPendingFeedbackItem>;
export const ZPendingFeedbackList = z.object({ data: z.array(ZPendingFeedbackItem) });
export type TPendingFeedbackList = z.infer<typeof ZPendingFeedbackList>;

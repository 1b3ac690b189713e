import { z } from 'zod';
import { MSG_ASSIGN } from './assignment-messages';
import { DESIGNATIONS } from './enums';

/** CONTRACT 7.5: assigning a complaint to the approved authority who does the work (its messages: assignment-messages.ts). */

/** PUT /api/complaints/{id}/assignee */
export const ZAssigneeRequest = z.strictObject({
  userId: z
    .number({ error: MSG_ASSIGN.userIdInvalid })
    .int(MSG_ASSIGN.userIdInvalid)
    .min(1, MSG_ASSIGN.userIdInvalid)
    .max(Number.MAX_SAFE_INTEGER, MSG_ASSIGN.userIdInvalid)
    .nullable(),
});
export type TAssigneeRequest = z.infer<typeof ZAssigneeRequest>;

/** GET /api/authorities/assignable?q=: a name's part, optional */
export const ZAssignableQuery = z.strictObject({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string({ error: 'q must be text' }).max(100, 'q must be at most 100 characters').optional(),
  ),
});
export type TAssignableQuery = z.infer<typeof ZAssignableQuery>;

/** ASSIGNABLE_MAX approved authorities a name matches, by name: never an email or a phone */
export const ASSIGNABLE_MAX = 20;
export const ZAssignable = z.object({
  id: z.number().int(),
  name: z.string(),
  designation: z.enum(DESIGNATIONS).nullable(),
});
export type TAssignable = z.infer<typeof ZAssignable>;
export const ZAssignableList = z.object({ data: z.array(ZAssignable) });
export type TAssignableList = z.infer<typeof ZAssignableList>;

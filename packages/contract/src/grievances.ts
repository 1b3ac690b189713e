// Schema catalogue: one zod schema and its type per export (CONTRACT 7's grievances), read by both sides.
import { z } from 'zod';
import { pageOf, ZPageQuery } from './common';
import {
  COMMITTEE_MEMBERS_MAX,
  COMMITTEES,
  COMPLAINT_NOT_RESOLVED,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_OUTCOMES,
  GRIEVANCE_STATUSES,
  GRIEVANCE_TEXT,
  MSG_COMMITTEES,
  MSG_GRIEVANCE,
} from './grievance-constants';

export const ZCommitteeParam = z.object({
  committee: z.enum(COMMITTEES, { error: MSG_COMMITTEES.committeeInvalid }),
});

const ZMemberRequest = z.strictObject({
  userId: z
    .number({ error: MSG_COMMITTEES.userIdInvalid })
    .int(MSG_COMMITTEES.userIdInvalid)
    .min(1, MSG_COMMITTEES.userIdInvalid)
    .max(Number.MAX_SAFE_INTEGER, MSG_COMMITTEES.userIdInvalid),
  chair: z.boolean({ error: MSG_COMMITTEES.chairInvalid }),
});

/**
 * PUT /api/admin/committees/{committee}: the committee's members, replacing those it had. No one twice,
 * exactly one chair when there are members. The server checks what the body alone cannot: each is an
 * approved authority (`members.<i>.userId`), and the Ombudsperson is at most one (`members`).
 */
export const ZSetCommitteeRequest = z.strictObject({
  members: z
    .array(ZMemberRequest, { error: MSG_COMMITTEES.membersInvalid })
    .max(COMMITTEE_MEMBERS_MAX, MSG_COMMITTEES.tooMany)
    .superRefine((members, ctx) => {
      const seen = new Set<number>();
      members.forEach((m, i) => {
        if (seen.has(m.userId))
          ctx.addIssue({ code: 'custom', path: [i, 'userId'], message: MSG_COMMITTEES.userTwice });
        seen.add(m.userId);
      });
      if (members.length > 0 && members.filter((m) => m.chair).length !== 1)
        ctx.addIssue({ code: 'custom', path: [], message: MSG_COMMITTEES.oneChair });
    }),
});
export type TSetCommitteeRequest = z.infer<typeof ZSetCommitteeRequest>;

/** What anyone may read of a member: a name and a designation, never an email or a phone. */
export const ZPublicCommitteeMember = z.object({
  name: z.string(),
  designation: z.string(),
  chair: z.boolean(),
});
export const ZPublicCommittee = z.object({
  committee: z.enum(COMMITTEES),
  name: z.string(),
  members: z.array(ZPublicCommitteeMember),
});
export type TPublicCommittee = z.infer<typeof ZPublicCommittee>;
/** GET /api/committees: the four committees, in COMMITTEES' order, the chair first. */
export const ZPublicCommittees = z.object({ data: z.array(ZPublicCommittee) });
export type TPublicCommittees = z.infer<typeof ZPublicCommittees>;

/** The admin's view of a committee: the public one with each member's user id, to change it with. */
export const ZCommittee = z.object({
  committee: z.enum(COMMITTEES),
  name: z.string(),
  members: z.array(ZPublicCommitteeMember.extend({ userId: z.number().int() })),
});
export type TCommittee = z.infer<typeof ZCommittee>;
export const ZCommitteeResponse = z.object({ data: ZCommittee });
export type TCommitteeResponse = z.infer<typeof ZCommitteeResponse>;
export const ZCommittees = z.object({ data: z.array(ZCommittee) });
export type TCommittees = z.infer<typeof ZCommittees>;

const text = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .refine((s) => s.trim().length >= Math.min(min, 1) && s.length >= min && s.length <= max, message);

/** POST /api/grievances (student). The complaint token's and anonymity's rules that need the category are here too. */
export const ZSubmitGrievanceRequest = z
  .strictObject({
    category: z.enum(GRIEVANCE_CATEGORIES, { error: MSG_GRIEVANCE.categoryInvalid }),
    subject: text(GRIEVANCE_TEXT.subjectMin, GRIEVANCE_TEXT.subjectMax, MSG_GRIEVANCE.subjectLength),
    description: text(
      GRIEVANCE_TEXT.descriptionMin,
      GRIEVANCE_TEXT.descriptionMax,
      MSG_GRIEVANCE.descriptionLength,
    ),
    complaintToken: z
      .string({ error: MSG_GRIEVANCE.complaintTokenInvalid })
      .max(40, MSG_GRIEVANCE.complaintTokenInvalid)
      .optional(),
    anonymous: z.boolean({ error: MSG_GRIEVANCE.anonymousInvalid }).optional(),
  })
  .superRefine((g, ctx) => {
    const notResolved = g.category === COMPLAINT_NOT_RESOLVED;
    const token = g.complaintToken?.trim() ?? '';
    if (notResolved && token === '')
      ctx.addIssue({
        code: 'custom',
        path: ['complaintToken'],
        message: MSG_GRIEVANCE.complaintTokenRequired,
      });
    if (!notResolved && g.complaintToken !== undefined && token !== '')
      ctx.addIssue({
        code: 'custom',
        path: ['complaintToken'],
        message: MSG_GRIEVANCE.complaintTokenRefused,
      });
    if (g.anonymous === true && g.category !== 'Ragging')
      ctx.addIssue({ code: 'custom', path: ['anonymous'], message: MSG_GRIEVANCE.anonymousRaggingOnly });
  });
export type TSubmitGrievanceRequest = z.infer<typeof ZSubmitGrievanceRequest>;

const ZGrievancePerson = z.object({ name: z.string(), designation: z.string().nullable() });
const ZGrievanceDecision = z.object({
  outcome: z.enum(GRIEVANCE_OUTCOMES),
  text: z.string(),
  at: z.string(),
  by: ZGrievancePerson,
});

/** CONTRACT 7.2's Grievance, exactly. */
export const ZGrievance = z.object({
  id: z.number().int(),
  number: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  subject: z.string(),
  description: z.string(),
  committee: z.enum(COMMITTEES),
  status: z.enum(GRIEVANCE_STATUSES),
  anonymous: z.boolean(),
  student: z.object({ name: z.string(), rollNo: z.string().nullable() }).nullable(),
  complaint: z.object({ token: z.string(), status: z.string() }).nullable(),
  dueAt: z.string(),
  hearing: z.object({ at: z.string(), place: z.string(), representative: z.string().nullable() }).nullable(),
  decision: ZGrievanceDecision.nullable(),
  appeal: z.object({ reason: z.string(), at: z.string(), dueAt: z.string() }).nullable(),
  appealDecision: ZGrievanceDecision.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TGrievance = z.infer<typeof ZGrievance>;

export const ZGrievanceHistoryEntry = z.object({
  status: z.enum(GRIEVANCE_STATUSES),
  note: z.string().nullable(),
  by: ZGrievancePerson,
  at: z.string(),
});
export type TGrievanceHistoryEntry = z.infer<typeof ZGrievanceHistoryEntry>;

/** A message on a grievance (as 5.2's Message). */
export const ZGrievanceMessage = z.object({
  id: z.number().int(),
  body: z.string(),
  by: z.object({
    name: z.string(),
    role: z.enum(['student', 'authority', 'admin']),
    designation: z.string().nullable(),
  }),
  at: z.string(),
});
export type TGrievanceMessage = z.infer<typeof ZGrievanceMessage>;

export const ZGrievanceWithHistory = ZGrievance.extend({
  history: z.array(ZGrievanceHistoryEntry),
  messages: z.array(ZGrievanceMessage),
});
export type TGrievanceWithHistory = z.infer<typeof ZGrievanceWithHistory>;

export const ZGrievanceResponse = z.object({ data: ZGrievanceWithHistory });
export type TGrievanceResponse = z.infer<typeof ZGrievanceResponse>;
export const ZGrievanceActionResponse = z.object({ message: z.string(), data: ZGrievanceWithHistory });
export type TGrievanceActionResponse = z.infer<typeof ZGrievanceActionResponse>;
export const ZGrievanceMessageResponse = z.object({ message: z.string(), data: ZGrievanceMessage });

export const ZGrievancePage = pageOf(ZGrievance);
export type TGrievancePage = z.infer<typeof ZGrievancePage>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /api/grievances: a list as in CONTRACT 2 with the status, category, overdue and q filters. */
export const ZGrievanceListQuery = ZPageQuery.safeExtend({
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(GRIEVANCE_STATUSES, { error: `status must be one of ${GRIEVANCE_STATUSES.join(', ')}` })
      .optional(),
  ),
  category: z.preprocess(
    blankToUndefined,
    z.enum(GRIEVANCE_CATEGORIES, { error: MSG_GRIEVANCE.categoryInvalid }).optional(),
  ),
  overdue: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: 'overdue must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
  ),
  q: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string({ error: 'q must be text' }).max(100, 'q must be at most 100 characters').optional(),
  ),
});
export type TGrievanceListQuery = z.infer<typeof ZGrievanceListQuery>;

export const ZHearingRequest = z.strictObject({
  at: z.iso.datetime({ offset: true, error: MSG_GRIEVANCE.atInvalid }),
  place: text(1, GRIEVANCE_TEXT.placeMax, MSG_GRIEVANCE.placeLength),
});
export type THearingRequest = z.infer<typeof ZHearingRequest>;

export const ZRepresentativeRequest = z.strictObject({
  name: z
    .string({ error: MSG_GRIEVANCE.representativeLength })
    .max(GRIEVANCE_TEXT.representativeMax, MSG_GRIEVANCE.representativeLength),
});
export type TRepresentativeRequest = z.infer<typeof ZRepresentativeRequest>;

export const ZDecisionRequest = z.strictObject({
  outcome: z.enum(GRIEVANCE_OUTCOMES, { error: MSG_GRIEVANCE.outcomeInvalid }),
  text: text(GRIEVANCE_TEXT.decisionMin, GRIEVANCE_TEXT.decisionMax, MSG_GRIEVANCE.decisionLength),
});
export type TDecisionRequest = z.infer<typeof ZDecisionRequest>;

export const ZAppealRequest = z.strictObject({
  reason: text(GRIEVANCE_TEXT.reasonMin, GRIEVANCE_TEXT.reasonMax, MSG_GRIEVANCE.reasonLength),
});
export type TAppealRequest = z.infer<typeof ZAppealRequest>;

export const ZGrievanceMessageRequest = z.strictObject({
  body: z
    .string({ error: MSG_GRIEVANCE.messageRequired })
    .refine((s) => s.trim().length > 0, MSG_GRIEVANCE.messageRequired)
    .refine((s) => s.length <= GRIEVANCE_TEXT.messageMax, MSG_GRIEVANCE.messageTooLong),
});
export type TGrievanceMessageRequest = z.infer<typeof ZGrievanceMessageRequest>;

// Schema catalogue: one zod schema and its type per export (the complaints'), read by both sides.
import { z } from 'zod';
import { pageOf, ZPageQuery } from './common';
import { ZAttachment, ZMessage } from './conversation';
import {
  COLLEGE_DEPARTMENTS,
  COMPLAINT_STATUSES,
  COMPLAINT_TYPES,
  DESCRIPTION_MAX,
  DESIGNATIONS,
  HOSTEL_MAX,
  HOSTEL_MIN,
  HOSTEL_PROBLEMS,
  REMARKS_MAX,
  ROOM_MAX,
} from './enums';
import { PERIOD_FILTERS, refinePeriod } from './period-query';
import { MSG_SEARCH, SEARCH_MAX } from './search-messages';

export const MSG_COMPLAINT = {
  typeRequired: 'Please select a complaint type',
  hostelRequired: 'Please select a hostel number between 1 and 13',
  roomRequired: 'Please enter your room number',
  problemRequired: 'Please select a problem type',
  departmentRequired: 'Please select a department',
  descriptionRequired: 'Please describe your complaint',
  descriptionLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  statusInvalid: 'Status must be Pending, In Progress, Resolved or Rejected',
  remarksLong: `Remarks must be at most ${REMARKS_MAX} characters`,
  tokenInvalid: 'Invalid token',
  notApproved: 'Your account is awaiting approval by an administrator.',
} as const;

const hostelNo = z.coerce
  .number<string | number>({ error: MSG_COMPLAINT.hostelRequired })
  .int(MSG_COMPLAINT.hostelRequired)
  .min(HOSTEL_MIN, MSG_COMPLAINT.hostelRequired)
  .max(HOSTEL_MAX, MSG_COMPLAINT.hostelRequired);

const description = z
  .string({ error: MSG_COMPLAINT.descriptionRequired })
  .refine((s) => s.trim().length > 0, MSG_COMPLAINT.descriptionRequired)
  .refine((s) => s.length <= DESCRIPTION_MAX, MSG_COMPLAINT.descriptionLong);

const ZHostelComplaint = z.strictObject({
  type: z.literal('Hostel'),
  hostelNo: z.union([z.number(), z.string()], { error: MSG_COMPLAINT.hostelRequired }).pipe(hostelNo),
  roomNo: z
    .string({ error: MSG_COMPLAINT.roomRequired })
    .trim()
    .min(1, MSG_COMPLAINT.roomRequired)
    .max(ROOM_MAX, `Room number must be at most ${ROOM_MAX} characters`),
  subType: z.enum(HOSTEL_PROBLEMS, { error: MSG_COMPLAINT.problemRequired }),
  description,
});

const ZCollegeComplaint = z.strictObject({
  type: z.literal('College'),
  // a college complaint has no hostel or room; empty values from a form are tolerated
  hostelNo: z.union([z.null(), z.literal('')]).optional(),
  roomNo: z.union([z.null(), z.literal('')]).optional(),
  subType: z.enum(COLLEGE_DEPARTMENTS, { error: MSG_COMPLAINT.departmentRequired }),
  description,
});

export const ZFileComplaintRequest = z.discriminatedUnion('type', [ZHostelComplaint, ZCollegeComplaint], {
  error: MSG_COMPLAINT.typeRequired,
});
export type TFileComplaintRequest = z.input<typeof ZFileComplaintRequest>;

export const ZComplaintStatus = z.enum(COMPLAINT_STATUSES, { error: MSG_COMPLAINT.statusInvalid });

export const ZPerson = z.object({ name: z.string(), designation: z.string().nullable() });

export const ZComplaint = z.object({
  id: z.number().int(),
  token: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  hostelNo: z.number().int().nullable(),
  roomNo: z.string().nullable(),
  subType: z.string(),
  description: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  remarks: z.string().nullable(),
  assignedTo: z.object({ name: z.string(), designation: z.enum(DESIGNATIONS).nullable() }).nullable(),
  student: z.object({ name: z.string(), rollNo: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** times the student reopened it (CONTRACT 5.4) */
  reopenCount: z.number().int(),
  /** SLA hours after filing or the last reopening (CONTRACT 5.5) */
  dueAt: z.string(),
  /** Pending or In Progress at or after dueAt */
  overdue: z.boolean(),
  /**
   * The student's rating of the resolution (1..5), null while unrated. Sent only where the student's
   * own eyes or an admin's read it: the student's list and, for its student and admins, the complaint's
   * page; absent elsewhere (a warden rated badly holds power over the student who rated).
   */
  rating: z.number().int().nullable().optional(),
  /**
   * The incident it is linked to (CONTRACT 6.1). The server always sends it; optional in the schema
   * only so that complaints built before the third release (web fixtures) still type-check.
   */
  incident: z.object({ id: z.number().int(), title: z.string() }).nullable().optional(),
  /**
   * The approved authority it is assigned to (CONTRACT 7.5), beside `assignedTo` (the last authority
   * that updated it). The server always sends it; optional in the schema only for older fixtures.
   */
  assignee: z
    .object({ id: z.number().int(), name: z.string(), designation: z.enum(DESIGNATIONS).nullable() })
    .nullable()
    .optional(),
});
export type TComplaint = z.infer<typeof ZComplaint>;

export const ZHistoryEntry = z.object({
  status: z.enum(COMPLAINT_STATUSES),
  remarks: z.string().nullable(),
  by: ZPerson,
  at: z.string(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

/** One complaint with everything its page shows: history, messages and photos, each oldest first. */
export const ZComplaintWithHistory = ZComplaint.extend({
  history: z.array(ZHistoryEntry),
  messages: z.array(ZMessage),
  attachments: z.array(ZAttachment),
});
export type TComplaintWithHistory = z.infer<typeof ZComplaintWithHistory>;

export const ZFileComplaintResponse = z.object({ token: z.string(), complaint: ZComplaint });
export type TFileComplaintResponse = z.infer<typeof ZFileComplaintResponse>;

export const ZComplaintPage = pageOf(ZComplaint).extend({
  /** a search that matched more than SEARCH_COUNT_MAX complaints (search-messages.ts): more than `count` */
  countAtLeast: z.literal(true).optional(),
});
export type TComplaintPage = z.infer<typeof ZComplaintPage>;

export const ZStatusCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  inProgress: z.number().int(),
  resolved: z.number().int(),
  rejected: z.number().int(),
  /** Pending or In Progress past their due time (CONTRACT 5.5) */
  overdue: z.number().int(),
});
export type TStatusCounts = z.infer<typeof ZStatusCounts>;

export const ZAuthorityComplaintPage = ZComplaintPage.extend({
  stats: ZStatusCounts,
  /**
   * The complaints assigned to the caller, of every status, in their scope or not (CONTRACT 7.5: the
   * dashboard's "Assigned to me"). The server always sends it; optional for older fixtures.
   */
  assignedToMe: z.number().int().optional(),
});
export type TAuthorityComplaintPage = z.infer<typeof ZAuthorityComplaintPage>;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** `overdue=true` keeps only the overdue complaints; `false` or absent, every one. */
export const ZOverdueFilter = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false'], { error: 'overdue must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
);

/**
 * `q`: the search on a complaint list (CONTRACT 6.2), 1 to SEARCH_MAX characters once trimmed; empty
 * or blank is no search at all.
 */
export const ZSearchText = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
  z.string({ error: MSG_SEARCH.notText }).max(SEARCH_MAX, MSG_SEARCH.tooLong).optional(),
);

/** The student's own list (CONTRACT 2), searchable. */
export const ZStudentListQuery = ZPageQuery.safeExtend({ q: ZSearchText });
export type TStudentListQuery = z.infer<typeof ZStudentListQuery>;

/** `incident=<id>` on the authority and admin complaint lists and the admin export (CONTRACT 6.1), with their other filters. */
export const ZIncidentFilter = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'incident must be an incident id' })
    .int('incident must be an incident id')
    .min(1, 'incident must be an incident id')
    .max(Number.MAX_SAFE_INTEGER, 'incident must be an incident id')
    .optional(),
);

export const ZAuthorityListQuery = ZPageQuery.safeExtend({
  status: ZComplaintStatus.optional(),
  overdue: ZOverdueFilter,
  q: ZSearchText,
  incident: ZIncidentFilter,
  /**
   * CONTRACT 7.5: `me`, the complaints assigned to the caller (in their scope or not); `none`, the
   * scope's complaints assigned to no one; absent, the whole scope.
   */
  assignee: z.preprocess(
    emptyToUndefined,
    z.enum(['me', 'none'], { error: 'assignee must be me or none' }).optional(),
  ),
});
export type TAuthorityListQuery = z.infer<typeof ZAuthorityListQuery>;

/**
 * The admin's filters: of the list, and of the CSV export (CONTRACT 5.6) without paging; `from` and
 * `to` are filing days as the report takes them (6.6), with refinePeriod on the query.
 */
export const ADMIN_FILTERS = {
  ...PERIOD_FILTERS,
  hostelNo: z.preprocess(emptyToUndefined, hostelNo.optional()),
  type: z.preprocess(
    emptyToUndefined,
    z.enum(COMPLAINT_TYPES, { error: 'Type must be Hostel or College' }).optional(),
  ),
  status: z.preprocess(emptyToUndefined, ZComplaintStatus.optional()),
  overdue: ZOverdueFilter,
  q: ZSearchText,
  incident: ZIncidentFilter,
};

export const ZAdminListQuery = ZPageQuery.safeExtend(ADMIN_FILTERS).superRefine(refinePeriod);
export type TAdminListQuery = z.infer<typeof ZAdminListQuery>;

export const ZAdminStats = ZStatusCounts.extend({
  averageRating: z.number().nullable(),
  feedbackCount: z.number().int(),
  byHostel: z.array(z.object({ hostelNo: z.number().int(), total: z.number().int() })),
  byType: z.object({ Hostel: z.number().int(), College: z.number().int() }),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZTokenParam = z.object({
  token: z
    .string()
    .trim()
    .regex(/^CMP-[A-Z0-9]{4,32}$/i, MSG_COMPLAINT.tokenInvalid)
    .transform((t) => t.toUpperCase()),
});

export const ZUpdateComplaintRequest = z.strictObject({
  status: ZComplaintStatus,
  remarks: z.string({ error: 'Remarks must be text' }).max(REMARKS_MAX, MSG_COMPLAINT.remarksLong).nullish(),
});
export type TUpdateComplaintRequest = z.infer<typeof ZUpdateComplaintRequest>;

export const ZUpdateComplaintResponse = z.object({ message: z.string(), data: ZComplaint });

export const ZReopenResponse = z.object({ message: z.string(), data: ZComplaint });
export type TReopenResponse = z.infer<typeof ZReopenResponse>;

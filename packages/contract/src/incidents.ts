// Schema catalogue: one zod schema and its type per export (CONTRACT 6.1's incidents), read by both sides.
import { z } from 'zod';
import { pageOf, ZPageQuery } from './common';
import { MSG_COMPLAINT, ZComplaint, ZComplaintStatus, ZPerson, ZSearchText } from './complaints';
import {
  COLLEGE_DEPARTMENTS,
  COMPLAINT_TYPES,
  DESCRIPTION_MAX,
  HOSTEL_MAX,
  HOSTEL_MIN,
  HOSTEL_PROBLEMS,
  REMARKS_MAX,
  ROOM_MAX,
} from './enums';

import { INCIDENT_LINK_MAX, INCIDENT_TITLE_MAX, MSG_INCIDENT } from './incident-messages';

const hostelNo = z.coerce
  .number<string | number>({ error: MSG_COMPLAINT.hostelRequired })
  .int(MSG_COMPLAINT.hostelRequired)
  .min(HOSTEL_MIN, MSG_COMPLAINT.hostelRequired)
  .max(HOSTEL_MAX, MSG_COMPLAINT.hostelRequired);

const title = z
  .string({ error: MSG_INCIDENT.titleRequired })
  .trim()
  .min(1, MSG_INCIDENT.titleRequired)
  .max(INCIDENT_TITLE_MAX, MSG_INCIDENT.titleLong);

const complaintId = z
  .number({ error: MSG_INCIDENT.complaintIdsInvalid })
  .int(MSG_INCIDENT.complaintIdsInvalid)
  .min(1, MSG_INCIDENT.complaintIdsInvalid)
  .max(Number.MAX_SAFE_INTEGER, MSG_INCIDENT.complaintIdsInvalid);

export const ZComplaintIds = z
  .array(complaintId, { error: MSG_INCIDENT.complaintIdsInvalid })
  .max(INCIDENT_LINK_MAX, MSG_INCIDENT.complaintIdsTooMany)
  .transform((ids) => [...new Set(ids)]);

const ZHostelIncident = z.strictObject({
  title,
  type: z.literal('Hostel'),
  hostelNo: z.union([z.number(), z.string()], { error: MSG_COMPLAINT.hostelRequired }).pipe(hostelNo),
  subType: z.enum(HOSTEL_PROBLEMS, { error: MSG_COMPLAINT.problemRequired }),
  complaintIds: ZComplaintIds.optional(),
});

const ZCollegeIncident = z.strictObject({
  title,
  type: z.literal('College'),
  hostelNo: z.union([z.null(), z.literal('')]).optional(),
  subType: z.enum(COLLEGE_DEPARTMENTS, { error: MSG_COMPLAINT.departmentRequired }),
  complaintIds: ZComplaintIds.optional(),
});

export const ZCreateIncidentRequest = z.discriminatedUnion('type', [ZHostelIncident, ZCollegeIncident], {
  error: MSG_COMPLAINT.typeRequired,
});
export type TCreateIncidentRequest = z.input<typeof ZCreateIncidentRequest>;

export const ZLinkComplaintsRequest = z.strictObject({
  complaintIds: ZComplaintIds.refine((ids) => ids.length > 0, MSG_INCIDENT.complaintIdsInvalid),
});
export type TLinkComplaintsRequest = z.input<typeof ZLinkComplaintsRequest>;

export const ZUpdateIncidentRequest = z.strictObject({
  status: ZComplaintStatus,
  remarks: z.string({ error: 'Remarks must be text' }).max(REMARKS_MAX, MSG_COMPLAINT.remarksLong).nullish(),
});
export type TUpdateIncidentRequest = z.infer<typeof ZUpdateIncidentRequest>;

/** A student joining an incident: a complaint of their own, the incident's category (CONTRACT 6.1). */
export const ZJoinIncidentRequest = z.strictObject({
  roomNo: z
    .string({ error: 'Room number must be text' })
    .trim()
    .max(ROOM_MAX, `Room number must be at most ${ROOM_MAX} characters`)
    .nullish(),
  description: z
    .string({ error: 'Description must be text' })
    .refine((s) => s.length <= DESCRIPTION_MAX, MSG_COMPLAINT.descriptionLong)
    .nullish(),
});
export type TJoinIncidentRequest = z.infer<typeof ZJoinIncidentRequest>;

export const ZIncident = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  hostelNo: z.number().int().nullable(),
  subType: z.string(),
  status: ZComplaintStatus,
  remarks: z.string().nullable(),
  affected: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: ZPerson,
});
export type TIncident = z.infer<typeof ZIncident>;

export const ZIncidentResponse = z.object({ message: z.string().optional(), data: ZIncident });
export const ZIncidentWithComplaints = ZIncident.extend({ complaints: z.array(ZComplaint) });
export type TIncidentWithComplaints = z.infer<typeof ZIncidentWithComplaints>;
export const ZIncidentDetailResponse = z.object({ data: ZIncidentWithComplaints });

export const ZIncidentPage = pageOf(ZIncident);
export type TIncidentPage = z.infer<typeof ZIncidentPage>;

/** `GET /api/incidents`: a status, and `q` (CONTRACT 6.2) on the title, the remarks and the linked complaints. */
export const ZIncidentListQuery = ZPageQuery.safeExtend({
  status: ZComplaintStatus.optional(),
  q: ZSearchText,
});
export type TIncidentListQuery = z.infer<typeof ZIncidentListQuery>;

/** What a student filing is shown of an open incident: never anyone's name, room or words. */
export const ZOpenIncident = ZIncident.pick({
  id: true,
  title: true,
  type: true,
  hostelNo: true,
  subType: true,
  status: true,
  affected: true,
  updatedAt: true,
}).extend({
  /** the asking student's own complaint of it (joined, or linked by an authority): issue 51 */
  reported: z.object({ token: z.string(), at: z.string() }).nullable().optional(),
});
export type TOpenIncident = z.infer<typeof ZOpenIncident>;
export const ZOpenIncidents = z.object({ data: z.array(ZOpenIncident) });

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * GET /api/incidents/open: every part optional, so the student dashboard asks for a hostel's
 * (type=Hostel&hostelNo=n) or the college's (type=College) and the filing form for exactly its choice.
 */
export const ZOpenIncidentsQuery = z.object({
  type: z.preprocess(
    emptyToUndefined,
    z.enum(COMPLAINT_TYPES, { error: MSG_COMPLAINT.typeRequired }).optional(),
  ),
  hostelNo: z.preprocess(emptyToUndefined, hostelNo.optional()),
  subType: z.preprocess(
    emptyToUndefined,
    z.enum([...HOSTEL_PROBLEMS, ...COLLEGE_DEPARTMENTS], { error: MSG_COMPLAINT.problemRequired }).optional(),
  ),
});
export type TOpenIncidentsQuery = z.infer<typeof ZOpenIncidentsQuery>;

export const ZJoinIncidentResponse = z.object({ token: z.string(), complaint: ZComplaint });

/** The authority dashboard's "looks like one problem" (CONTRACT 6.1). */
export const ZIncidentGroup = z.object({
  type: z.enum(COMPLAINT_TYPES),
  hostelNo: z.number().int().nullable(),
  subType: z.string(),
  count: z.number().int(),
  complaintIds: z.array(z.number().int()),
});
export type TIncidentGroup = z.infer<typeof ZIncidentGroup>;
export const ZIncidentGroups = z.object({ data: z.array(ZIncidentGroup) });

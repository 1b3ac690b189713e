// Over 12 exports for a reason: the complaint tables' row types, the columns each mapper reads (SHOWN) and the
// mappers, one mapping kept together so that a column shown and the code that shows it change together.
import {
  attachmentThumbUrl,
  attachmentUrl,
  type TAttachment,
  type TComplaint,
  type TComplaintStatus,
  type TComplaintWithHistory,
  type TMessage,
} from '@bit/contract';
import type { Selectable } from 'kysely';
import type {
  ComplaintAttachmentsTable,
  ComplaintHistoryTable,
  ComplaintMessagesTable,
  ComplaintsTable,
} from '../../db/schema';
import { isoFromMs } from '../../lib/iso-time';
import { isOverdue } from './due';

export type ComplaintRow = Selectable<ComplaintsTable>;
export type HistoryRow = Selectable<ComplaintHistoryTable>;
export type MessageRow = Selectable<ComplaintMessagesTable>;
export type AttachmentRow = Selectable<ComplaintAttachmentsTable>;

/**
 * The columns each mapper below reads: what a statement that builds the rows as JSON selects
 * (SQLite's json_object names every column it holds).
 */
export const SHOWN = {
  complaint: [
    'id',
    'token',
    'type',
    'hostel_no',
    'room_no',
    'sub_type',
    'description',
    'status',
    'remarks',
    'assigned_name',
    'assigned_designation',
    'student_name',
    'student_roll',
    'created_at',
    'updated_at',
    'reopen_count',
    'due_at',
    'incident_id',
    'incident_title',
    'assignee_id',
    'assignee_name',
    'assignee_designation',
  ],
  history: ['status', 'remarks', 'by_name', 'by_designation', 'at'],
  message: ['id', 'body', 'by_name', 'by_role', 'by_designation', 'at'],
  attachment: [
    'id',
    'content_type',
    'width',
    'height',
    'bytes',
    'by_name',
    'by_role',
    'by_designation',
    'at',
  ],
} as const satisfies {
  complaint: readonly (keyof ComplaintRow)[];
  history: readonly (keyof HistoryRow)[];
  message: readonly (keyof MessageRow)[];
  attachment: readonly (keyof AttachmentRow)[];
};

export type ShownComplaint = Pick<ComplaintRow, (typeof SHOWN.complaint)[number]>;
export type ShownHistory = Pick<HistoryRow, (typeof SHOWN.history)[number]>;
export type ShownMessage = Pick<MessageRow, (typeof SHOWN.message)[number]>;
export type ShownAttachment = Pick<AttachmentRow, (typeof SHOWN.attachment)[number]>;

const iso = (ms: number) => isoFromMs(Number(ms));

/** The API's complaint; `now` decides whether it is overdue. */
export function toComplaint(row: ShownComplaint, now: number): TComplaint {
  return {
    id: Number(row.id),
    token: row.token,
    type: row.type,
    hostelNo: row.hostel_no === null ? null : Number(row.hostel_no),
    roomNo: row.room_no,
    subType: row.sub_type,
    description: row.description,
    status: row.status,
    remarks: row.remarks,
    assignedTo: row.assigned_name
      ? {
          name: row.assigned_name,
          designation:
            (row.assigned_designation as NonNullable<TComplaint['assignedTo']>['designation']) ?? null,
        }
      : null,
    student: { name: row.student_name, rollNo: row.student_roll },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    reopenCount: Number(row.reopen_count ?? 0),
    dueAt: iso(row.due_at),
    overdue: isOverdue(row, now),
    incident:
      row.incident_id === null || row.incident_id === undefined
        ? null
        : { id: Number(row.incident_id), title: row.incident_title ?? '' },
    assignee:
      row.assignee_id === null || row.assignee_id === undefined
        ? null
        : {
            id: Number(row.assignee_id),
            name: row.assignee_name ?? '',
            designation:
              (row.assignee_designation as NonNullable<TComplaint['assignee']>['designation']) ?? null,
          },
  };
}

export function toHistoryEntry(row: ShownHistory): TComplaintWithHistory['history'][number] {
  return {
    status: row.status as TComplaintStatus,
    remarks: row.remarks,
    by: { name: row.by_name, designation: row.by_designation },
    at: iso(row.at),
  };
}

const actorOf = (row: Pick<MessageRow, 'by_name' | 'by_role' | 'by_designation'>) => ({
  name: row.by_name,
  role: row.by_role,
  designation: (row.by_designation as TMessage['by']['designation']) ?? null,
});

export const toMessage = (row: ShownMessage): TMessage => ({
  id: Number(row.id),
  body: row.body,
  by: actorOf(row),
  at: iso(row.at),
});

export const toAttachment = (row: ShownAttachment): TAttachment => ({
  id: Number(row.id),
  url: attachmentUrl(Number(row.id)),
  thumbUrl: attachmentThumbUrl(Number(row.id)),
  contentType: row.content_type,
  width: Number(row.width),
  height: Number(row.height),
  bytes: Number(row.bytes),
  by: actorOf(row),
  at: iso(row.at),
});

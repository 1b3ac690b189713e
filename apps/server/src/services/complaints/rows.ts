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

const iso = (ms: number) => isoFromMs(Number(ms));

/** The API's complaint; `now` decides whether it is overdue. */
export function toComplaint(row: ComplaintRow, now: number): TComplaint {
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
  };
}

export function toHistoryEntry(row: HistoryRow): TComplaintWithHistory['history'][number] {
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

export const toMessage = (row: MessageRow): TMessage => ({
  id: Number(row.id),
  body: row.body,
  by: actorOf(row),
  at: iso(row.at),
});

export const toAttachment = (row: AttachmentRow): TAttachment => ({
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

import {
  MSG_GRIEVANCE,
  type TCommitteeKey,
  type TGrievance,
  type TGrievanceHistoryEntry,
  type TGrievanceMessage,
  type TGrievanceStatus,
  type TGrievanceWithHistory,
} from '@bit/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB, GrievanceHistoryTable, GrievanceMessagesTable, GrievancesTable } from '../../db/schema';
import { isoFromMs } from '../../lib/iso-time';
import type { GrievanceViewer } from '../../policy/grievances';
import { historyOf, messagesOf } from './grievance-queries';

/**
 * A grievance's row as CONTRACT 7.2's answers show it to one viewer: the grievance, its history and
 * its messages, with an anonymous student's name kept from everyone but that student.
 */

export type GrievanceRow = Selectable<GrievancesTable> & {
  complaint_token: string | null;
  complaint_status: string | null;
};

const iso = (ms: number | null) => (ms === null ? null : isoFromMs(Number(ms)));

/** Whether the viewer is the grievance's own student (the only one who sees who an anonymous student is). */
const isOwnStudent = (viewer: GrievanceViewer, row: { student_id: number }) =>
  viewer.kind === 'student' && viewer.userId === Number(row.student_id);

/** CONTRACT 7.2's Grievance as this viewer may read it: an anonymous student is null to everyone but themselves. */
export function toGrievance(row: GrievanceRow, viewer: GrievanceViewer): TGrievance {
  const hidden = Number(row.anonymous) === 1 && !isOwnStudent(viewer, row);
  return {
    id: Number(row.id),
    number: row.number,
    category: row.category as TGrievance['category'],
    subject: row.subject,
    description: row.description,
    committee: row.committee as TCommitteeKey,
    status: row.status as TGrievanceStatus,
    anonymous: Number(row.anonymous) === 1,
    student: hidden ? null : { name: row.student_name, rollNo: row.student_roll },
    complaint:
      row.complaint_token === null
        ? null
        : { token: row.complaint_token, status: row.complaint_status ?? '' },
    dueAt: isoFromMs(Number(row.due_at)),
    hearing:
      row.hearing_at === null
        ? null
        : { at: iso(row.hearing_at)!, place: row.hearing_place ?? '', representative: row.representative },
    decision:
      row.decision_at === null
        ? null
        : {
            outcome: row.decision_outcome as 'Upheld',
            text: row.decision_text ?? '',
            at: iso(row.decision_at)!,
            by: { name: row.decision_by_name ?? '', designation: row.decision_by_designation },
          },
    appeal:
      row.appeal_at === null
        ? null
        : { reason: row.appeal_reason ?? '', at: iso(row.appeal_at)!, dueAt: iso(row.appeal_due_at)! },
    appealDecision:
      row.appeal_decided_at === null
        ? null
        : {
            outcome: row.appeal_outcome as 'Upheld',
            text: row.appeal_text ?? '',
            at: iso(row.appeal_decided_at)!,
            by: { name: row.appeal_by_name ?? '', designation: row.appeal_by_designation },
          },
    createdAt: isoFromMs(Number(row.created_at)),
    updatedAt: isoFromMs(Number(row.updated_at)),
  };
}

/** A step's or a message's author as this viewer may read it ("Anonymous" for an anonymous student). */
function authorName(
  row: { anonymous: number; student_id: number },
  viewer: GrievanceViewer,
  by: { by_id: number | null; by_name: string },
) {
  const anonymous =
    Number(row.anonymous) === 1 && Number(by.by_id) === Number(row.student_id) && !isOwnStudent(viewer, row);
  return anonymous ? MSG_GRIEVANCE.anonymous : by.by_name;
}

function toHistory(
  row: GrievanceRow,
  viewer: GrievanceViewer,
  h: Selectable<GrievanceHistoryTable>,
): TGrievanceHistoryEntry {
  return {
    status: h.status as TGrievanceStatus,
    note: h.note,
    by: { name: authorName(row, viewer, h), designation: h.by_designation },
    at: isoFromMs(Number(h.at)),
  };
}

export function toMessage(
  row: GrievanceRow,
  viewer: GrievanceViewer,
  m: Selectable<GrievanceMessagesTable>,
): TGrievanceMessage {
  return {
    id: Number(m.id),
    body: m.body,
    by: {
      name: authorName(row, viewer, m),
      role: m.by_role as 'student',
      designation: m.by_designation,
    },
    at: isoFromMs(Number(m.at)),
  };
}

export async function withHistory(
  db: Ctx['database']['db'] | Transaction<DB>,
  row: GrievanceRow,
  viewer: GrievanceViewer,
): Promise<TGrievanceWithHistory> {
  const [history, messages] = [await historyOf(db, Number(row.id)), await messagesOf(db, Number(row.id))];
  return Object.assign(toGrievance(row, viewer), {
    history: history.map((h) => toHistory(row, viewer, h)),
    messages: messages.map((m) => toMessage(row, viewer, m)),
  });
}

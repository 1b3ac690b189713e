import {
  complaintStatusPath,
  isClosed,
  MSG,
  MSG_INCIDENT,
  rateComplaintPath,
  type TComplaintStatus,
} from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { addSearchWords } from '../../db/search-index';
import { statusMail } from '../../delivery/mail/templates/complaints';
import { type Notification, notifyMany, recipientsByIds } from '../../delivery/notify';
import { notFound } from '../../lib/errors';
import { hourBucket } from '../../lib/hour-buckets';
import type { UserRow } from '../accounts/users';
import { bumpCounters } from './counters';
import { addMoves, statusMoves } from './counts';
import { dueAtFrom } from './due';
import { insertHistory } from './history';
import type { ComplaintRow } from './rows';
import {
  type ChangeColumns,
  type OwnColumns,
  openComplaintsOf,
  type StatusShape,
  setIncidentStatus,
  setStatusOf,
} from './status.queries';

/**
 * Who changes a complaint's status: an approved authority (the complaint is then assigned to them, and
 * it is their response) or the complaint's own student, reopening it.
 */
export interface StatusActor {
  id: number;
  name: string;
  role: 'student' | 'authority';
  designation: string | null;
}

export const statusActor = (user: UserRow): StatusActor =>
  user.role === 'student'
    ? { id: Number(user.id), name: user.name, role: 'student', designation: null }
    : { id: Number(user.id), name: user.name, role: 'authority', designation: user.designation };

/** One status change. It holds nothing of a single complaint: one change is made to one complaint or many. */
export interface StatusChange {
  status: TComplaintStatus;
  /**
   * The history entry's remark as given; the complaint shows it from now on, unless it is null or
   * empty, which keeps the complaint's last remark.
   */
  remarks: string | null;
  by: StatusActor;
  /** the student's reopening (CONTRACT 5.4): counted, and due again its SLA hours from now (5.5) */
  reopen?: boolean;
  now: number;
}

type StatusCtx = Pick<Ctx, 'config' | 'database'>;

/** The statement a change takes (setStatusOf's shape): the same for every complaint it is made to. */
const shapeOf = (change: StatusChange): StatusShape => ({
  closes: isClosed(change.status),
  byAuthority: change.by.role === 'authority',
  reopens: change.reopen === true,
});

/** The change's own values, one for all the complaints it is made to (and an incident's row). */
const changeColumns = ({ status, remarks, by, now }: StatusChange): ChangeColumns => ({
  status,
  remarks: remarks || null,
  byId: by.id,
  byName: by.name,
  byDesignation: by.designation,
  now,
});

/** One complaint's own values of the change: its report buckets and due time (CONTRACT 5.5, 5.6). */
function ownColumns(ctx: StatusCtx, before: ComplaintRow, { status, now }: StatusChange): OwnColumns {
  const sinceFiling = hourBucket(now - Number(before.created_at));
  // a remark added to a Resolved complaint is not a new resolution (CONTRACT 5.6: the last change to Resolved)
  const stillResolved = status === 'Resolved' && before.status === 'Resolved';
  return {
    id: Number(before.id),
    responseBucket: sinceFiling,
    resolutionBucket: status !== 'Resolved' ? null : stillResolved ? before.res_bucket : sinceFiling,
    resolvedAt:
      status !== 'Resolved'
        ? null
        : stillResolved
          ? before.resolved_at === null
            ? null
            : Number(before.resolved_at)
          : now,
    dueAt: dueAtFrom(ctx.config, before.type, now),
  };
}

/**
 * THE way complaints' status changes (an authority's update, a student's reopening, a "me too"
 * complaint taking its incident's status, an incident's update of its complaints), inside the
 * caller's transaction, on rows the caller has read (and on PostgreSQL locked). A single update is a
 * batch of one: the complaints' status, remarks, assignment, closing time and due date, their report
 * keys (first response and resolution buckets; the rollup triggers follow, decision 0018), a history
 * line each by the actor, the counters, the new remark's words in the search index, and each
 * student's status mail for any change but the student's own, all in a few statements whatever the
 * number of complaints. Returns the complaints as they now stand.
 */
export async function changeStatus(
  trx: Transaction<DB>,
  ctx: StatusCtx,
  complaints: readonly ComplaintRow[],
  change: StatusChange,
): Promise<ComplaintRow[]> {
  if (complaints.length === 0) return [];
  const { dialect } = ctx.database;
  const own = complaints.map((c) => ownColumns(ctx, c, change));
  // messages, photos and reopening stay open 14 days after the last change to a closed status
  const rows = await setStatusOf(trx, { ...shapeOf(change), dialect }, changeColumns(change), own);
  if (rows.length !== complaints.length) throw notFound(MSG.complaintNotFound);
  // a new remark is searchable from this commit on (decision 0025)
  const { remarks } = change;
  const remarked = remarks ? complaints.filter((c) => c.remarks !== remarks).map((c) => Number(c.id)) : [];
  await addSearchWords(trx, dialect, remarked, remarks);
  const { status, by, now } = change;
  await insertHistory(
    trx,
    complaints.map((c) => ({
      complaintId: Number(c.id),
      status,
      remarks,
      byId: by.id,
      byName: by.name,
      byDesignation: by.designation,
      at: now,
    })),
  );
  const counters: Record<string, number> = {};
  for (const c of complaints) addMoves(counters, statusMoves(c, c.status, status));
  await bumpCounters(trx, counters);
  // the student hears of every change but their own
  if (by.role !== 'student') await tellStudents(trx, ctx, complaints, change);
  return rows;
}

/** Each complaint's student's status mail (and push), their addresses read in one statement. */
async function tellStudents(
  trx: Transaction<DB>,
  ctx: StatusCtx,
  complaints: readonly ComplaintRow[],
  change: StatusChange,
) {
  const students = await recipientsByIds(trx, [...new Set(complaints.map((c) => Number(c.student_id)))]);
  const { publicUrl } = ctx.config;
  const notices: Notification[] = [];
  // `c`: the complaint before the change (its token and student, which no change alters)
  for (const c of complaints) {
    const to = students.get(Number(c.student_id));
    if (!to) continue;
    const link = `${publicUrl}${complaintStatusPath(c.token)}`;
    const rateLink = change.status === 'Resolved' ? `${publicUrl}${rateComplaintPath(c.token)}` : undefined;
    const notice = statusMail(to.email, to.name, c.token, change.status, change.remarks, link, rateLink);
    notices.push({ to, notice });
  }
  await notifyMany(trx, notices, change.now);
}

/**
 * An incident's update (CONTRACT 6.1) through the same path: its open complaints, each changed as a
 * single update changes one (changeStatus: its own history line by the updater, its assignment, its
 * due date and report keys, its student's status mail), and the incident's own row with the same
 * values, in the caller's transaction. Returns the incident as it now stands.
 */
export async function changeIncidentStatus(
  trx: Transaction<DB>,
  ctx: StatusCtx,
  incidentId: number,
  change: StatusChange,
) {
  const lock = ctx.database.dialect === 'postgres';
  await changeStatus(trx, ctx, await openComplaintsOf(trx, { lock }, { incidentId }), change);
  const [incident] = await setIncidentStatus(trx, { ...changeColumns(change), incidentId });
  if (!incident) throw notFound(MSG_INCIDENT.notFound);
  return incident;
}

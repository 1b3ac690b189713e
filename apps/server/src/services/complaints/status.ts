import { complaintStatusPath, isClosed, MSG, rateComplaintPath, type TComplaintStatus } from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { addSearchWords } from '../../db/search-index';
import { type Notification, notify, notifyMany, type Recipient } from '../../delivery/notify';
import { notFound } from '../../lib/errors';
import { hourBucket } from '../../lib/hour-buckets';
import { statusMail } from '../../mail/templates';
import type { UserRow } from '../accounts/users';
import { bumpCounters } from './counters';
import { addMoves, statusMoves } from './counts';
import { dueAtFrom } from './due';
import {
  type HistoryEntry,
  insertHistory,
  type StatusRowColumns,
  type StatusShape,
  setStatus,
  setStatusOfMany,
  studentContact,
} from './queries';
import type { ComplaintRow } from './rows';

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

/** One status change. It holds nothing of a single complaint, so a batch builds it once for all of them. */
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

/** For many complaints changed in one transaction: what is then read or written once for all. */
export interface StatusBatch {
  /** every change's counter moves are added here, for the caller to write once (bumpCounters) */
  counters?: Record<string, number>;
  /**
   * the students as recipients by id (recipientsByIds: address and channels), read once for the batch;
   * a student missing here is read alone
   */
  students?: ReadonlyMap<number, Recipient>;
  /**
   * the complaints given the change's remark are added here, for the caller to add its words to their
   * search documents once (addSearchWords); without it each change adds them itself
   */
  remarked?: number[];
  /**
   * when given, each complaint's update, its history entry and the student's notice are added here,
   * for the caller to write in a few multi-row statements (writeStatusBatch) before its commit: an
   * incident's 500 complaints were 1,500 round trips on PostgreSQL with them written one by one
   */
  rows?: StatusRows;
}

/** A batch's collected writes, all of one StatusChange (StatusBatch.rows). */
export interface StatusRows {
  updates: StatusRowColumns[];
  history: HistoryEntry[];
  notices: Notification[];
}

/** The statement a change takes (setStatus's shape): the same for every complaint it is made to. */
function shapeOf(change: StatusChange): StatusShape {
  return {
    closes: isClosed(change.status),
    byAuthority: change.by.role === 'authority',
    reopens: change.reopen === true,
  };
}

/** The change's own values, one for all the complaints it is made to. */
function changeColumns(change: StatusChange) {
  const { by } = change;
  return {
    status: change.status,
    remarks: change.remarks || null,
    byId: by.id,
    byName: by.name,
    byDesignation: by.designation,
    now: change.now,
  };
}

/**
 * A batch's collected writes (StatusBatch.rows) of `change`, the one every complaint of the batch
 * was given, in the caller's transaction: the complaints' updates, their history entries, the notices.
 */
export async function writeStatusBatch(
  trx: Transaction<DB>,
  rows: StatusRows,
  change: StatusChange,
): Promise<void> {
  await setStatusOfMany(trx, shapeOf(change), changeColumns(change), rows.updates);
  for (let i = 0; i < rows.history.length; i += 200) {
    await trx
      .insertInto('complaint_history')
      .values(
        rows.history.slice(i, i + 200).map((h) => ({
          complaint_id: h.complaintId,
          status: h.status,
          remarks: h.remarks,
          by_id: h.byId,
          by_name: h.byName,
          by_designation: h.byDesignation,
          at: h.at,
        })),
      )
      .execute();
  }
  await notifyMany(trx, rows.notices, change.now);
}

/**
 * The one way a complaint's status changes (an authority's update, a student's reopening, and so an
 * incident's update of its complaints), inside the caller's transaction, on a row the caller has read
 * (and on PostgreSQL locked): the complaint's status, remarks, assignment, closing time and due date,
 * its report keys (first response and resolution buckets; the rollup triggers follow, decision 0018),
 * the history entry by the actor, the counters, and the student's status mail for any change but the
 * student's own. One update, one history insert and one mail per complaint, plus the counters and the
 * student's address unless a batch gives them (StatusBatch). With `batch.rows` the update too is
 * collected (writeStatusBatch writes it) and nothing is returned.
 */
export async function changeStatus(
  trx: Transaction<DB>,
  ctx: Pick<Ctx, 'config' | 'database'>,
  before: ComplaintRow,
  change: StatusChange,
  batch?: StatusBatch & { rows?: undefined },
): Promise<ComplaintRow>;
export async function changeStatus(
  trx: Transaction<DB>,
  ctx: Pick<Ctx, 'config' | 'database'>,
  before: ComplaintRow,
  change: StatusChange,
  batch: StatusBatch & { rows: StatusRows },
): Promise<undefined>;
export async function changeStatus(
  trx: Transaction<DB>,
  ctx: Pick<Ctx, 'config' | 'database'>,
  before: ComplaintRow,
  change: StatusChange,
  batch: StatusBatch = {},
): Promise<ComplaintRow | undefined> {
  const { status, by, now } = change;
  const id = Number(before.id);
  const sinceFiling = hourBucket(now - Number(before.created_at));
  const own: StatusRowColumns = {
    id,
    responseBucket: sinceFiling,
    // a remark added to a Resolved complaint is not a new resolution (CONTRACT 5.6: the last change to Resolved)
    resolutionBucket:
      status !== 'Resolved' ? null : before.status === 'Resolved' ? before.res_bucket : sinceFiling,
    resolvedAt:
      status !== 'Resolved'
        ? null
        : before.status === 'Resolved'
          ? before.resolved_at === null
            ? null
            : Number(before.resolved_at)
          : now,
    dueAt: dueAtFrom(ctx.config, before.type, now),
  };
  let row: ComplaintRow | undefined;
  if (batch.rows) batch.rows.updates.push(own);
  else {
    // messages, photos and reopening stay open 14 days after the last change to a closed status
    [row] = await setStatus(trx, shapeOf(change), { ...changeColumns(change), ...own });
    if (!row) throw notFound(MSG.complaintNotFound);
  }
  // a new remark is searchable from this commit on (decision 0025)
  if (change.remarks && change.remarks !== before.remarks) {
    if (batch.remarked) batch.remarked.push(id);
    else await addSearchWords(trx, ctx.database.dialect, [id], change.remarks);
  }
  const entry = {
    complaintId: id,
    status,
    remarks: change.remarks,
    byId: by.id,
    byName: by.name,
    byDesignation: by.designation,
    at: now,
  };
  if (batch.rows) batch.rows.history.push(entry);
  else await insertHistory(trx, entry);
  const moves = statusMoves(before, before.status, status);
  if (batch.counters) addMoves(batch.counters, moves);
  else await bumpCounters(trx, moves);
  // the student hears of every change but their own
  if (by.role !== 'student') await mailStudent(trx, ctx, before, change, batch);
  return row;
}

/** `row`: the complaint (its token and student, which no change alters). */
async function mailStudent(
  trx: Transaction<DB>,
  ctx: Pick<Ctx, 'config'>,
  row: ComplaintRow,
  change: StatusChange,
  batch: StatusBatch,
) {
  const studentId = Number(row.student_id);
  const student = batch.students?.get(studentId) ?? (await studentContact(trx, { studentId }))[0];
  if (!student) return;
  const { publicUrl } = ctx.config;
  const link = `${publicUrl}${complaintStatusPath(row.token)}`;
  const rateLink = change.status === 'Resolved' ? `${publicUrl}${rateComplaintPath(row.token)}` : undefined;
  const notice = statusMail(
    student.email,
    student.name,
    row.token,
    change.status,
    change.remarks,
    link,
    rateLink,
  );
  if (batch.rows) batch.rows.notices.push({ to: student, notice });
  else await notify(trx, student, notice, change.now);
}

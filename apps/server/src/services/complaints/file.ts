import {
  complaintStatusPath,
  MSG,
  MSG_DESK,
  type TComplaint,
  type ZFileComplaintRequest,
} from '@bit/contract';
import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { type BatchOptions, isTransientConflict, isUniqueViolation } from '../../db/database';
import type { ComplaintsTable, DB } from '../../db/schema';
import { searchDocOf, writeSearchDocs } from '../../db/search-index';
import { mailsTo, type Notice, notify, pushesTo, type Recipient } from '../../delivery/notify';
import { newComplaintToken } from '../../lib/crypto';
import { tooMany } from '../../lib/errors';
import { zonedDay, zonedMonth } from '../../lib/zoned-time';
import type { MailMessage } from '../../mail/outbox';
import { deskFilingMail, newComplaintMail } from '../../mail/templates';
import { scopeFlags } from '../../policy/scope';
import { enqueuePush } from '../../push/outbox';
import type { UserRow } from '../accounts/users';
import { bumpCounters } from './counters';
import { addMoves, statusMoves } from './counts';
import { dueAtFrom } from './due';
import { insertComplaint, insertFiling, insertHistory, quotaEdgeFiling } from './queries';
import { authoritiesMailedOnFiling } from './recipients';
import { toComplaint } from './rows';

type ComplaintRow = Selectable<ComplaintsTable>;

export type FileComplaintInput = z.output<typeof ZFileComplaintRequest>;

const TOKEN_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** CONTRACT 5.9: complaints one student may file in any 24 hours (MSG.complaintQuota says it). */
export const COMPLAINTS_PER_DAY = 20;

/** The counters of a batch's filings, in one statement just before its commit. */
async function countFilings(trx: Transaction<DB>, rows: ComplaintRow[]) {
  const deltas: Record<string, number> = {};
  for (const row of rows) addMoves(deltas, statusMoves(row, null, 'Pending'));
  await bumpCounters(trx, deltas);
}

/**
 * SQLite: the counters and the search documents of a batch's filings, just before its commit. FTS5
 * writes what it holds in memory to a new segment of the index at every savepoint and its release,
 * so a document written inside each filing's savepoint cost one segment (and the merges that follow)
 * a filing; written here, after the last savepoint, the batch's documents make one segment. They are
 * made from the rows as filed, and are in the commit that files them (decision 0025).
 */
async function countAndIndexFilings(trx: Transaction<DB>, rows: ComplaintRow[]) {
  await countFilings(trx, rows);
  const docs = rows.map((r) => ({ id: Number(r.id), doc: filedDoc(r.student_name, r.description) }));
  await writeSearchDocs(trx, 'sqlite', docs);
}

/** A new complaint's search document: its student's name and its description. */
const filedDoc = (studentName: string, description: string) =>
  searchDocOf({ student_name: studentName, description, remarks: null }, []);

/** The notices of a new complaint to the authorities who want each one (CONTRACT 5.1). */
function filingNotices(
  ctx: Ctx,
  authorities: Recipient[],
  complaint: Parameters<typeof newComplaintMail>[2],
): { to: Recipient; notice: Notice }[] {
  const link = `${ctx.config.publicUrl}${complaintStatusPath(complaint.token)}`;
  return authorities.map((a) => ({ to: a, notice: newComplaintMail(a.email, a.name, complaint, link) }));
}

/** A filing's mails as the lists insertFiling takes. */
const mailLists = (mails: MailMessage[]) => ({
  mailTo: mails.map((m) => m.to),
  mailSubject: mails.map((m) => m.subject),
  mailText: mails.map((m) => m.text),
  mailHtml: mails.map((m) => m.html),
});

/**
 * A filing at the desk (CONTRACT 7.5, services/complaints/desk.ts): otherwise the student's own in
 * every way, it names who filed it in its history line and tells the student, who was not at their phone.
 */
export interface DeskFiling {
  /** the clerk or admin at the desk */
  by: Pick<UserRow, 'name'>;
  /** the student as the one told of it: mailed the token and the filing (decision 0032) */
  student: Recipient;
}

/**
 * Files a complaint for the signed-in student (the student is never taken from the body), or, with
 * `desk`, for the student who came to the desk: the same filing, quota and mails.
 */
export async function fileComplaint(
  ctx: Ctx,
  student: UserRow,
  input: FileComplaintInput,
  desk?: DeskFiling,
): Promise<{ token: string; complaint: TComplaint }> {
  const isHostel = input.type === 'Hostel';
  const historyRemarks = desk ? MSG_DESK.filedBy(desk.by.name) : null;
  const studentId = Number(student.id);
  // while the student's 20th newest filing is less than a day old, the quota is used up
  const quota = { studentId, newer: COMPLAINTS_PER_DAY - 1 };

  const scope = {
    type: input.type,
    hostel_no: isHostel ? input.hostelNo : null,
    is_network: scopeFlags(input).is_network,
    student_id: studentId,
  };
  // PostgreSQL files in one statement (insertFiling)
  const oneStatement = ctx.database.dialect === 'postgres';
  // PostgreSQL writes each filing's search document in its one statement (insertFiling)
  const batch: BatchOptions<ComplaintRow> = {
    lockUser: studentId,
    atCommit: oneStatement ? countFilings : countAndIndexFilings,
  };
  // CONTRACT 5.1: the authorities in scope who want each new complaint, read here as of a moment
  // before the filing, and their mails made here: outside the batch's transaction, whose write lock
  // the other filings wait for (on PostgreSQL the one statement writes the mails, so it needs them first)
  const mailed = await authoritiesMailedOnFiling(ctx.database.db, scope);

  for (let attempt = 1; ; attempt++) {
    const token = newComplaintToken();
    const now = ctx.clock.now();
    const complaint = {
      token,
      type: input.type,
      hostelNo: scope.hostel_no,
      roomNo: isHostel ? input.roomNo : null,
      subType: input.subType,
      isNetwork: scope.is_network,
      description: input.description,
      ...quota,
      studentName: student.name,
      studentRoll: student.roll_no,
      now,
      dueAt: dueAtFrom(ctx.config, input.type, now),
      filedMonth: zonedMonth(now, ctx.config.timeZone),
      filedDay: zonedDay(now, ctx.config.timeZone),
      windowStart: now - DAY_MS,
    };
    const filed = {
      token,
      type: input.type,
      hostel_no: complaint.hostelNo,
      room_no: complaint.roomNo,
      sub_type: input.subType,
      description: input.description,
    };
    const notices = filingNotices(ctx, mailed, filed);
    if (desk) {
      const link = `${ctx.config.publicUrl}${complaintStatusPath(token)}`;
      const notice = deskFilingMail(desk.student.email, desk.student.name, filed, link, desk.by.name);
      notices.push({ to: desk.student, notice });
    }
    // PostgreSQL's statement writes the mails; the pushes, for the few with a subscribed browser,
    // follow it (the channels are notify's rule, read through its mailsTo and pushesTo)
    const mails = oneStatement ? mailLists(notices.filter((n) => mailsTo(n.to)).map((n) => n.notice)) : null;
    const pushes = notices.filter((n) => pushesTo(n.to));
    try {
      // filings that arrive together share one commit (see batchedTransaction); the student's
      // row is locked for the batch, so one student's filings take turns across processes and each
      // one's quota check sees the others
      const row = await ctx.database.batchedTransaction(async (trx) => {
        const [inserted] = mails
          ? await insertFiling(trx, {
              ...complaint,
              searchDoc: filedDoc(student.name, input.description),
              historyRemarks,
              ...mails,
            })
          : await insertComplaint(trx, complaint);
        if (!inserted) {
          // the quota is used up: it has room again when the 20th newest filing turns a day old
          const [edge] = await quotaEdgeFiling(trx, quota);
          throw tooMany(MSG.complaintQuota, (Number(edge?.created_at ?? now) + DAY_MS - now) / 1000);
        }
        if (oneStatement) {
          for (const { to, notice } of pushes) await enqueuePush(trx, Number(to.id), notice.push, now);
          return inserted;
        }
        await insertHistory(trx, {
          complaintId: Number(inserted.id),
          status: 'Pending',
          remarks: historyRemarks,
          byId: studentId,
          byName: student.name,
          byDesignation: null,
          at: now,
        });
        // each authority hears of it on their channels, in the filing's commit
        for (const { to, notice } of notices) await notify(trx, to, notice, now);
        return inserted;
      }, batch);
      ctx.mailQueued();
      return { token, complaint: toComplaint(row, now) };
    } catch (err) {
      // 50 random bits make a clash very rare; the filing's savepoint was rolled back (PostgreSQL
      // aborts a transaction on the failed insert), and it is filed again, with a new token. So is a
      // filing PostgreSQL picked as a deadlock's victim: its savepoint let go of its locks
      if ((isUniqueViolation(err) || isTransientConflict(err)) && attempt < TOKEN_ATTEMPTS) continue;
      throw err;
    }
  }
}

import {
  complaintStatusPath,
  MSG,
  MSG_DESK,
  type TComplaint,
  type TComplaintType,
  type ZFileComplaintRequest,
} from '@bit/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { type BatchOptions, isTransientConflict, isUniqueViolation } from '../../db/database';
import type { DB } from '../../db/schema';
import { searchDocOf, writeSearchDocs } from '../../db/search-index';
import type { MailMessage } from '../../delivery/mail/outbox';
import { deskFilingMail, newComplaintMail } from '../../delivery/mail/templates/complaints';
import { deliver, type Notification, planDelivery, type Recipient } from '../../delivery/notify';
import { newComplaintToken } from '../../lib/crypto';
import { tooMany } from '../../lib/errors';
import { zonedDay, zonedMonth } from '../../lib/zoned-time';
import { scopeFlags } from '../../policy/scope';
import type { UserRow } from '../accounts/users';
import { bumpCounters } from './counters';
import { addMoves, statusMoves } from './counts';
import { dueAtFrom } from './due';
import { insertComplaint, insertFiling, type NewComplaint, quotaEdgeFiling } from './file.queries';
import { insertHistory } from './history';
import { authoritiesMailedOnFiling } from './recipients';
import { type ComplaintRow, toComplaint } from './rows';

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
 * made from the rows as their filings left them (a "me too" complaint's remark from its incident
 * included), and are in the commit that files them (decision 0025).
 */
async function countAndIndexFilings(trx: Transaction<DB>, rows: ComplaintRow[]) {
  await countFilings(trx, rows);
  await writeSearchDocs(
    trx,
    'sqlite',
    rows.map((r) => ({ id: Number(r.id), doc: searchDocOf(r, []) })),
  );
}

/** A filing's mails as the lists insertFiling takes. */
const mailLists = (mails: MailMessage[]) => ({
  mailTo: mails.map((m) => m.to),
  mailSubject: mails.map((m) => m.subject),
  mailText: mails.map((m) => m.text),
  mailHtml: mails.map((m) => m.html),
});

/** What a filing files: the complaint as its student gave it, or as "me too" makes it of its incident. */
export interface NewFiling {
  type: TComplaintType;
  hostelNo: number | null;
  roomNo: string | null;
  subType: string;
  isNetwork: number;
  description: string;
  /** "me too" (CONTRACT 6.1): the incident it is filed into, linked from its insert */
  incident?: { id: number; title: string };
}

/** What a use of the one filing adds to it. */
export interface FilingSteps {
  /** its history line's remarks: who filed it at the desk (CONTRACT 7.5); else none */
  historyRemarks?: string | null;
  /** whom it is told to, made for its token (notify's plan of them: planDelivery) */
  notices?: (token: string) => Notification[];
  /** in the filing's savepoint, before its insert: what must hold, and rows of its own ("me too"'s) */
  before?: (trx: Transaction<DB>, now: number) => Promise<void>;
  /** in the filing's savepoint, after its insert: the rest of the change; the complaint as it then stands */
  after?: (trx: Transaction<DB>, row: ComplaintRow, now: number) => Promise<ComplaintRow>;
}

/**
 * THE filing of a complaint by (or for) a student: a student's own, one at the desk, a "me too" join.
 * Counted in the student's 20 a day by the insert itself (429 with Retry-After when the quota is used
 * up), its history line, its search document, its counters and its notices (notify's plan) in the
 * group commit (db/group-commit.ts): filings that arrive together share one transaction, each in its
 * own savepoint, the student's row locked for the batch so that one student's filings take turns
 * across processes and each one's quota check sees the others (and the incident's row, for a join, so
 * that it is seen as of the last update for all). A token clash or a deadlock's victim is filed again
 * with a new token.
 */
export async function fileOne(
  ctx: Ctx,
  student: UserRow,
  filing: NewFiling,
  steps: FilingSteps = {},
): Promise<{ token: string; complaint: TComplaint }> {
  const studentId = Number(student.id);
  const historyRemarks = steps.historyRemarks ?? null;
  // while the student's 20th newest filing is less than a day old, the quota is used up
  const quota = { studentId, newer: COMPLAINTS_PER_DAY - 1 };
  // PostgreSQL files in one statement (insertFiling): the complaint, its history line, its search
  // document and its mails
  const oneStatement = ctx.database.dialect === 'postgres';
  const batch: BatchOptions<ComplaintRow> = {
    lockUser: studentId,
    ...(filing.incident ? { lockIncident: filing.incident.id } : {}),
    atCommit: oneStatement ? countFilings : countAndIndexFilings,
  };
  for (let attempt = 1; ; attempt++) {
    const token = newComplaintToken();
    const now = ctx.clock.now();
    const complaint: NewComplaint = {
      token,
      type: filing.type,
      hostelNo: filing.hostelNo,
      roomNo: filing.roomNo,
      subType: filing.subType,
      isNetwork: filing.isNetwork,
      description: filing.description,
      ...quota,
      studentName: student.name,
      studentRoll: student.roll_no,
      now,
      dueAt: dueAtFrom(ctx.config, filing.type, now),
      filedMonth: zonedMonth(now, ctx.config.timeZone),
      filedDay: zonedDay(now, ctx.config.timeZone),
      windowStart: now - DAY_MS,
      incidentId: filing.incident?.id ?? null,
      incidentTitle: filing.incident?.title ?? null,
    };
    // who hears of it on which channel, made here: outside the batch's transaction, whose write lock
    // the other filings wait for
    const plan = planDelivery(steps.notices?.(token) ?? []);
    try {
      const row = await ctx.database.batchedTransaction(async (trx) => {
        await steps.before?.(trx, now);
        const [inserted] = oneStatement
          ? await insertFiling(trx, {
              ...complaint,
              searchDoc: searchDocOf(
                { student_name: student.name, description: filing.description, remarks: null },
                [],
              ),
              historyRemarks,
              ...mailLists(plan.mails),
            })
          : await insertComplaint(trx, complaint);
        if (!inserted) {
          // the quota is used up: it has room again when the 20th newest filing turns a day old
          const [edge] = await quotaEdgeFiling(trx, quota);
          throw tooMany(MSG.complaintQuota, (Number(edge?.created_at ?? now) + DAY_MS - now) / 1000);
        }
        if (!oneStatement)
          await insertHistory(trx, [
            {
              complaintId: Number(inserted.id),
              status: 'Pending',
              remarks: historyRemarks,
              byId: studentId,
              byName: student.name,
              byDesignation: null,
              at: now,
            },
          ]);
        // the plan, in the filing's commit: on PostgreSQL its mails are in the filing's statement
        await deliver(trx, oneStatement ? { mails: [], pushes: plan.pushes } : plan, now);
        return steps.after ? steps.after(trx, inserted, now) : inserted;
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
  const filing: NewFiling = {
    type: input.type,
    hostelNo: isHostel ? input.hostelNo : null,
    roomNo: isHostel ? input.roomNo : null,
    subType: input.subType,
    isNetwork: scopeFlags(input).is_network,
    description: input.description,
  };
  // CONTRACT 5.1: the authorities in scope who want each new complaint, read here as of a moment
  // before the filing: outside the batch's transaction, whose write lock the other filings wait for
  const mailed = await authoritiesMailedOnFiling(ctx.database.db, {
    hostel_no: filing.hostelNo,
    is_network: filing.isNetwork,
    student_id: Number(student.id),
  });
  return fileOne(ctx, student, filing, {
    historyRemarks: desk ? MSG_DESK.filedBy(desk.by.name) : null,
    notices: (token) => {
      const link = `${ctx.config.publicUrl}${complaintStatusPath(token)}`;
      const filed = {
        token,
        type: input.type,
        hostel_no: filing.hostelNo,
        room_no: filing.roomNo,
        sub_type: input.subType,
        description: input.description,
      };
      const notices: Notification[] = mailed.map((a) => ({
        to: a,
        notice: newComplaintMail(a.email, a.name, filed, link),
      }));
      if (desk) {
        const notice = deskFilingMail(desk.student.email, desk.student.name, filed, link, desk.by.name);
        notices.push({ to: desk.student, notice });
      }
      return notices;
    },
  });
}

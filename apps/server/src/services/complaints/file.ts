import { MSG, type TComplaint, type ZFileComplaintRequest } from '@bit/contract';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/database';
import { newComplaintToken } from '../../lib/crypto';
import { tooMany } from '../../lib/errors';
import { zonedDay, zonedMonth } from '../../lib/zoned-time';
import { scopeFlags } from '../../policy/scope';
import { tellAuthoritiesOfFiling } from '../conversation';
import { bumpCounters } from '../counters';
import type { UserRow } from '../users';
import { statusMoves } from './counts';
import { dueAtFrom } from './due';
import { insertComplaint, insertHistory, lockStudent, quotaEdgeFiling } from './queries';
import { toComplaint } from './rows';

export type FileComplaintInput = z.output<typeof ZFileComplaintRequest>;

const TOKEN_ATTEMPTS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** CONTRACT 5.9: complaints one student may file in any 24 hours (MSG.complaintQuota says it). */
export const COMPLAINTS_PER_DAY = 20;

/** Files a complaint for the signed-in student: the student is never taken from the body. */
export async function fileComplaint(
  ctx: Ctx,
  student: UserRow,
  input: FileComplaintInput,
): Promise<{ token: string; complaint: TComplaint }> {
  const isHostel = input.type === 'Hostel';
  const studentId = Number(student.id);
  // while the student's 20th newest filing is less than a day old, the quota is used up
  const quota = { studentId, newer: COMPLAINTS_PER_DAY - 1 };

  for (let attempt = 1; ; attempt++) {
    const token = newComplaintToken();
    const now = ctx.clock.now();
    try {
      // filings that arrive together share one commit (see batchedTransaction)
      const row = await ctx.database.batchedTransaction(async (trx) => {
        // one student's filings take turns, so each one's quota check sees the others: on SQLite
        // they do anyway (one writer; a batch runs its filings one after another)
        if (ctx.database.dialect === 'postgres') await lockStudent(trx, { studentId });
        const [inserted] = await insertComplaint(trx, {
          token,
          type: input.type,
          hostelNo: isHostel ? input.hostelNo : null,
          roomNo: isHostel ? input.roomNo : null,
          subType: input.subType,
          isNetwork: scopeFlags(input).is_network,
          description: input.description,
          ...quota,
          studentName: student.name,
          studentRoll: student.roll_no,
          now,
          dueAt: dueAtFrom(ctx.config, input.type, now),
          filedMonth: zonedMonth(now, ctx.config.timeZone),
          filedDay: zonedDay(now, ctx.config.timeZone),
          windowStart: now - DAY_MS,
        });
        if (!inserted) {
          // the quota is used up: it has room again when the 20th newest filing turns a day old
          const [edge] = await quotaEdgeFiling(trx, quota);
          throw tooMany(MSG.complaintQuota, (Number(edge?.created_at ?? now) + DAY_MS - now) / 1000);
        }
        await insertHistory(trx, {
          complaintId: Number(inserted.id),
          status: 'Pending',
          remarks: null,
          byId: studentId,
          byName: student.name,
          byDesignation: null,
          at: now,
        });
        // CONTRACT 5.1: authorities in scope who want each new complaint are mailed with the filing
        await tellAuthoritiesOfFiling(ctx, trx, inserted);
        await bumpCounters(trx, statusMoves(inserted, null, 'Pending'));
        return inserted;
      });
      ctx.mailQueued();
      return { token, complaint: toComplaint(row, now) };
    } catch (err) {
      // 50 random bits make a clash very rare; the whole transaction is retried with a new token
      // because PostgreSQL aborts a transaction on the failed insert
      if (isUniqueViolation(err) && attempt < TOKEN_ATTEMPTS) continue;
      throw err;
    }
  }
}

import { COMMITTEE_NAMES, GRIEVANCES_PATH, type TCommitteeKey } from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { grievanceEscalationMail } from '../../delivery/mail/templates/grievances';
import { notify } from '../../delivery/notify';
import { committeeRecipients } from './grievance-queries';

/** A chair's reminder lists this many numbers, and says how many more there are. */
export const GRIEVANCE_ESCALATION_MAX = 100;

/**
 * CONTRACT 7.2's time limits kept: in the 09:00 escalation (services/escalation.ts), each committee's
 * chair gets the numbers of its grievances past `dueAt` and not yet decided, and the Ombudsperson the
 * appeals past theirs: numbers only (7.3: no subject, no name). No mail for a committee with none.
 * Answers the number of mails queued.
 */
export async function escalateOverdueGrievances(
  ctx: Ctx,
  trx: Transaction<DB>,
  day: string,
): Promise<number> {
  const now = ctx.clock.now();
  const link = `${ctx.config.publicUrl}${GRIEVANCES_PATH}?overdue=true`;
  let mails = 0;
  const committees: TCommitteeKey[] = ['sgrc', 'anti-ragging', 'icc', 'ombudsperson'];
  for (const committee of committees) {
    let q = trx
      .selectFrom('grievances')
      .select('number')
      .where('open_due_at', 'is not', null)
      .where('open_due_at', '<=', now);
    // the committee's own, waiting on its decision; the Ombudsperson's, the appeals waiting on theirs
    q =
      committee === 'ombudsperson'
        ? q.where('appeal_at', 'is not', null)
        : q.where('committee', '=', committee).where('appeal_at', 'is', null);
    const rows = await q
      .orderBy('open_due_at')
      .orderBy('id')
      .limit(GRIEVANCE_ESCALATION_MAX + 1)
      .execute();
    if (rows.length === 0) continue;
    let more = 0;
    if (rows.length > GRIEVANCE_ESCALATION_MAX) {
      const { n } = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      more = Number(n) - GRIEVANCE_ESCALATION_MAX;
    }
    const numbers = rows.slice(0, GRIEVANCE_ESCALATION_MAX).map((r) => r.number);
    for (const chair of await committeeRecipients(trx, [committee], true)) {
      await notify(
        trx,
        chair,
        grievanceEscalationMail(
          chair.email,
          chair.name,
          day,
          COMMITTEE_NAMES[committee],
          numbers,
          more,
          link,
        ),
        now,
      );
      mails++;
    }
  }
  return mails;
}

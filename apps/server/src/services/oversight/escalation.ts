import {
  ADMIN_DASHBOARD_PATH,
  AUTHORITY_DASHBOARD_PATH,
  complaintStatusPath,
  HOSTEL_NUMBERS,
} from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import {
  adminEscalationMail,
  type OverdueLine,
  wardenEscalationMail,
} from '../../delivery/mail/templates/oversight';
import { notify, RECIPIENT_COLUMNS, wantsPush } from '../../delivery/notify';
import { formatZoned } from '../../lib/zoned-time';
import { complaintScope } from '../../policy/complaints';
import { applyScope } from '../../policy/scope-sql';
import type { ComplaintRow } from '../complaints';
import { OPEN_SQL } from '../complaints/due';
import { escalateOverdueGrievances } from '../grievances/escalation';
import type { DailyJob } from './scheduler';

/** A warden's mail lists this many overdue complaints, and says how many more there are. */
export const ESCALATION_LIST_MAX = 50;
/** An admin's mail lists the oldest this many (CONTRACT 5.5). */
export const ESCALATION_OLDEST = 20;

const overdueNow = (trx: Transaction<DB>, now: number) =>
  trx.selectFrom('complaints').where(OPEN_SQL).where('due_at', '<=', now);

function lineOf(ctx: Ctx, c: ComplaintRow): OverdueLine {
  return {
    ...c,
    hostel_no: c.hostel_no === null ? null : Number(c.hostel_no),
    dueAt: formatZoned(Number(c.due_at), ctx.config.timeZone),
    link: `${ctx.config.publicUrl}${complaintStatusPath(c.token)}`,
  };
}

/**
 * CONTRACT 5.5: at 09:00 TIME_ZONE, each approved Warden gets the overdue complaints of their
 * hostel (no mail when there are none), and each admin the overdue counts per hostel and for
 * College with the oldest overdue complaints. Run by the one scheduler (decision 0014): once a day
 * across instances, and later that day if no instance was up at 09:00.
 */
export const overdueEscalation: DailyJob = {
  name: 'overdue-escalation',
  atMinute: 9 * 60,
  async run(ctx: Ctx, trx, day) {
    const now = ctx.clock.now();
    let mails = 0;
    const wardens = await trx
      .selectFrom('users')
      .select([
        'id',
        'role',
        'designation',
        'hostel_no',
        'approved',
        'email',
        'name',
        'notify_email',
        wantsPush,
      ])
      .where('role', '=', 'authority')
      .where('designation', '=', 'Warden')
      .where('verified', '=', 1)
      .execute();
    for (const w of wardens) {
      // what a Warden sees is complaintScope's to say (their hostel's; nothing while awaiting approval
      // or without a hostel); the mail names the hostel, so it is for a Warden whose scope is one
      const scope = complaintScope(w);
      if (scope.kind !== 'hostel') continue;
      const rows = await applyScope(overdueNow(trx, now).selectAll(), scope)
        .orderBy('due_at', 'asc')
        .limit(ESCALATION_LIST_MAX + 1)
        .execute();
      if (rows.length === 0) continue;
      const { n } = await applyScope(
        overdueNow(trx, now).select((eb) => eb.fn.countAll<number>().as('n')),
        scope,
      ).executeTakeFirstOrThrow();
      const listed = rows.slice(0, ESCALATION_LIST_MAX).map((c) => lineOf(ctx, c));
      await notify(
        trx,
        w,
        wardenEscalationMail(
          w.email,
          w.name,
          day,
          scope.hostelNo,
          listed,
          Number(n) - listed.length,
          `${ctx.config.publicUrl}${AUTHORITY_DASHBOARD_PATH}`,
        ),
        now,
      );
      mails++;
    }

    const admins = await trx
      .selectFrom('users')
      .select(RECIPIENT_COLUMNS)
      .where('role', '=', 'admin')
      .execute();
    if (admins.length > 0) {
      const grouped = await overdueNow(trx, now)
        .select(['type', 'hostel_no', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['type', 'hostel_no'])
        .execute();
      const of = (type: string, hostelNo: number | null) =>
        Number(
          grouped.find(
            (g) => g.type === type && (g.hostel_no === null ? null : Number(g.hostel_no)) === hostelNo,
          )?.n ?? 0,
        );
      const counts = [
        ...HOSTEL_NUMBERS.map((h) => ({ place: `Hostel ${h}`, overdue: of('Hostel', h) })),
        { place: 'College', overdue: of('College', null) },
      ];
      const oldest = (
        await overdueNow(trx, now).selectAll().orderBy('id', 'asc').limit(ESCALATION_OLDEST).execute()
      ).map((c) => lineOf(ctx, c));
      for (const a of admins) {
        const dashboard = `${ctx.config.publicUrl}${ADMIN_DASHBOARD_PATH}`;
        await notify(trx, a, adminEscalationMail(a.email, a.name, day, counts, oldest, dashboard), now);
        mails++;
      }
    }
    // CONTRACT 7.2: the grievances past their time limits, to the committees' chairs
    mails += await escalateOverdueGrievances(ctx, trx, day);
    return { detail: `${mails} escalation mail(s)`, mails };
  },
};

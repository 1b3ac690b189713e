import { ADMIN_DASHBOARD_PATH, COMMITTEE_NAMES, grievancePath } from '@bit/contract';
import type { Ctx } from '../../context';
import { grievanceMail, raggingWaitingMail } from '../../delivery/mail/templates/grievances';
import { notify, RECIPIENT_COLUMNS } from '../../delivery/notify';
import type { DailyJob } from '../oversight/scheduler';
import { committeeRecipients } from './grievance-queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The status a report of ragging keeps until a member holds a hearing or decides (or its student withdraws it). */
const WAITING = 'Submitted';

/**
 * CONTRACT 7.3: a report of ragging is urgent. Its committee's members were told at its submission;
 * until a member first acts on it (a message, a hearing or a decision: a message by an authority, or
 * a status past Submitted) they are told again every 24 hours after it, and from the 24th hour the
 * admins are mailed its number too (no content: they may not open it).
 *
 * An hourly job (scheduler.ts: the hour's row is written with the run, so each hour runs once across
 * instances). A reminder is due at each whole day after the submission; a run tells the reports whose
 * latest such mark fell after the previous run's time and by its own, so each mark is told once
 * whatever the hours an instance was down (a report waiting 3 days when the servers come back is
 * told once, for its third day). The mails name the report's number and status only.
 */
export const raggingReminders: DailyJob = {
  name: 'ragging-reminders',
  atMinute: 0,
  hourly: true,
  async run(ctx: Ctx, trx, hour) {
    const now = ctx.clock.now();
    const previous = await trx
      .selectFrom('job_runs')
      .select((eb) => eb.fn.max('ran_at').as('at'))
      .where('job', '=', raggingReminders.name)
      .where('day', '<>', hour)
      .executeTakeFirst();
    const since = previous?.at === null || previous?.at === undefined ? -1 : Number(previous.at);
    const waiting = await trx
      .selectFrom('grievances as g')
      .select(['g.id', 'g.number', 'g.created_at'])
      .where('g.committee', '=', 'anti-ragging')
      .where('g.category', '=', 'Ragging')
      .where('g.status', '=', WAITING)
      .where('g.created_at', '<=', now - DAY_MS)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('grievance_messages as m')
              .select('m.id')
              .whereRef('m.grievance_id', '=', 'g.id')
              .where('m.by_role', '=', 'authority'),
          ),
        ),
      )
      .orderBy('g.id')
      .execute();
    const due = waiting.flatMap((g) => {
      const days = Math.floor((now - Number(g.created_at)) / DAY_MS);
      const mark = Number(g.created_at) + days * DAY_MS;
      return mark > since ? [{ id: Number(g.id), number: g.number, hours: days * 24 }] : [];
    });
    if (due.length === 0) return { detail: '0 ragging reminder(s)', mails: 0 };
    const members = await committeeRecipients(trx, ['anti-ragging']);
    const admins = await trx
      .selectFrom('users')
      .select(RECIPIENT_COLUMNS)
      .where('users.role', '=', 'admin')
      .orderBy('users.id')
      .execute();
    const committee = COMMITTEE_NAMES['anti-ragging'];
    const dashboard = `${ctx.config.publicUrl}${ADMIN_DASHBOARD_PATH}`;
    let mails = 0;
    for (const g of due) {
      const link = `${ctx.config.publicUrl}${grievancePath(g.id)}`;
      const what = `No member of the ${committee} has acted on this report of ragging in ${g.hours} hours: it is urgent.`;
      for (const m of members) {
        await notify(trx, m, grievanceMail(m.email, m.name, g.number, WAITING, what, link), now);
        mails++;
      }
      for (const a of admins) {
        await notify(trx, a, raggingWaitingMail(a.email, a.name, g.number, g.hours, dashboard), now);
        mails++;
      }
    }
    return { detail: `${due.length} ragging reminder(s)`, mails };
  },
};

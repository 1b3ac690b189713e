import { AUTHORITY_DASHBOARD_PATH, complaintStatusPath } from '@bit/contract';
import type { Ctx } from '../../context';
import { digestMail } from '../../delivery/mail/templates/oversight';
import { notify, wantsPush } from '../../delivery/notify';
import { complaintScope } from '../../policy/complaints';
import { applyScope } from '../../policy/scope-sql';
import { newComplaintPreference } from '../accounts/preferences';
import { pushSubscriptionCleanup } from '../accounts/push-subscriptions';
import { throttleCleanup } from '../accounts/throttle-cleanup';
import { USER_COLUMNS } from '../accounts/users';
import { raggingReminders } from '../grievances/urgent';
import { auditRetention } from './audit-retention';
import { overdueEscalation } from './escalation';
import type { DailyJob } from './scheduler';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest lists this many complaints; a busier day says how many more there are. */
export const DIGEST_LIST_MAX = 50;

/**
 * CONTRACT 5.1: at 08:00 TIME_ZONE, one mail to each approved authority whose preference is
 * `digest`, listing the complaints filed in its scope in the previous 24 hours; none when there
 * are none.
 */
export const newComplaintDigest: DailyJob = {
  name: 'new-complaint-digest',
  atMinute: 8 * 60,
  async run(ctx: Ctx, trx, day) {
    const now = ctx.clock.now();
    const authorities = await trx
      .selectFrom('users')
      .select([...USER_COLUMNS, wantsPush])
      .where('role', '=', 'authority')
      .where('approved', '=', 1)
      .where('verified', '=', 1)
      .execute();
    let mails = 0;
    for (const a of authorities) {
      if (newComplaintPreference(a) !== 'digest') continue;
      const scope = complaintScope(a);
      if (scope.kind === 'none') continue;
      const rows = await applyScope(trx.selectFrom('complaints').selectAll(), scope)
        .where('created_at', '>', now - DAY_MS)
        .where('created_at', '<=', now)
        .orderBy('id', 'desc')
        .limit(DIGEST_LIST_MAX + 1)
        .execute();
      if (rows.length === 0) continue;
      const { n } = await applyScope(
        trx.selectFrom('complaints').select((eb) => eb.fn.countAll<number>().as('n')),
        scope,
      )
        .where('created_at', '>', now - DAY_MS)
        .where('created_at', '<=', now)
        .executeTakeFirstOrThrow();
      const listed = rows.slice(0, DIGEST_LIST_MAX).map((c) => ({
        ...c,
        hostel_no: c.hostel_no === null ? null : Number(c.hostel_no),
        link: `${ctx.config.publicUrl}${complaintStatusPath(c.token)}`,
      }));
      const dashboard = `${ctx.config.publicUrl}${AUTHORITY_DASHBOARD_PATH}`;
      await notify(
        trx,
        a,
        digestMail(a.email, a.name, day, listed, Number(n) - listed.length, dashboard),
        now,
      );
      mails++;
    }
    return { detail: `${mails} digest mail(s)`, mails };
  },
};

/** Every timed job of the app, run by one scheduler (decision 0014). */
export const DAILY_JOBS = [
  newComplaintDigest,
  overdueEscalation,
  auditRetention,
  pushSubscriptionCleanup,
  throttleCleanup,
  raggingReminders,
];

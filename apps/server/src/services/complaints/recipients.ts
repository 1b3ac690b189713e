import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { RECIPIENT_COLUMNS } from '../../delivery/notify';
import type { ScopeColumn } from '../../policy/scope';
import { authoritiesSeeing } from '../../policy/scope-sql';
import { newComplaintPreference } from '../accounts/preferences';
import type { ComplaintRow } from './rows';

type Db = Transaction<DB> | Ctx['database']['db'];

/** Verified, approved authorities whose scope holds a complaint, with their preference for new complaints. */
export async function authoritiesInScope(db: Db, complaint: Pick<ComplaintRow, ScopeColumn>) {
  return db
    .selectFrom('users')
    .select([...RECIPIENT_COLUMNS, 'designation', 'new_complaints_pref'])
    .where('role', '=', 'authority')
    .where('approved', '=', 1)
    .where('verified', '=', 1)
    .where(authoritiesSeeing(complaint))
    .execute();
}

/** The authorities in scope of a complaint who want a mail for each new one (CONTRACT 5.1). */
export async function authoritiesMailedOnFiling(db: Db, complaint: Pick<ComplaintRow, ScopeColumn>) {
  return (await authoritiesInScope(db, complaint)).filter((a) => newComplaintPreference(a) === 'each');
}

/**
 * The authorities a student's words (a message, a reopening) go to: those who updated or wrote on the
 * complaint, and its assignee (CONTRACT 7.5), or, when there are none, every approved authority in its
 * scope (CONTRACT 5.2). Only those who still reach it (policy/scope.ts's userReaches: in scope, or its
 * assignee): an assignee whose assignment was cleared hears no more of it.
 */
export async function authoritiesToTell(trx: Transaction<DB>, complaint: ComplaintRow) {
  // 0 names no user
  const assignee = complaint.assignee_id === null ? 0 : Number(complaint.assignee_id);
  const involved = await trx
    .selectFrom('users')
    .select(RECIPIENT_COLUMNS)
    .where('role', '=', 'authority')
    .where('approved', '=', 1)
    .where((eb) => eb.or([authoritiesSeeing(complaint)(eb), eb('id', '=', assignee)]))
    .where((eb) =>
      eb.or([
        eb('id', '=', assignee),
        eb(
          'id',
          'in',
          eb.selectFrom('complaint_history').select('by_id').where('complaint_id', '=', Number(complaint.id)),
        ),
        eb(
          'id',
          'in',
          eb
            .selectFrom('complaint_messages')
            .select('by_id')
            .where('complaint_id', '=', Number(complaint.id))
            .where('by_role', '=', 'authority'),
        ),
      ]),
    )
    .execute();
  if (involved.length > 0) return involved;
  return authoritiesInScope(trx, complaint);
}

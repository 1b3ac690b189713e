import type { TNewComplaintPreference } from '@bit/contract';
import { MSG } from '@bit/contract';
import type { Ctx } from '../context';
import { forbidden } from '../lib/errors';
import type { UserRow } from './users';

/** CONTRACT 5.1's defaults: the people who fix things hear at once, Other gets the morning digest. */
export function newComplaintPreference(user: {
  designation: string | null;
  new_complaints_pref: TNewComplaintPreference | null;
}): TNewComplaintPreference {
  return user.new_complaints_pref ?? (user.designation === 'Other' ? 'digest' : 'each');
}

/** An authority's choice of mails about new complaints (CONTRACT 5.1); students and admins have none. */
export async function getPreferences(user: UserRow) {
  if (user.role !== 'authority') throw forbidden(MSG.forbidden);
  return { newComplaints: newComplaintPreference(user) };
}

export async function setPreferences(ctx: Ctx, user: UserRow, newComplaints: TNewComplaintPreference) {
  if (user.role !== 'authority') throw forbidden(MSG.forbidden);
  await ctx.database.db
    .updateTable('users')
    .set({ new_complaints_pref: newComplaints, updated_at: ctx.clock.now() })
    .where('id', '=', Number(user.id))
    .execute();
  return { newComplaints };
}

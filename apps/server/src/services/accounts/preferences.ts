import type { TNewComplaintPreference, TPreferences, TPreferencesRequest } from '@bit/contract';
import { MSG } from '@bit/contract';
import type { Ctx } from '../../context';
import { forbidden } from '../../lib/errors';
import type { UserRow } from './users';

/** CONTRACT 5.1's defaults: the people who fix things hear at once, Other gets the morning digest. */
export function newComplaintPreference(user: {
  designation: string | null;
  new_complaints_pref: TNewComplaintPreference | null;
}): TNewComplaintPreference {
  return user.new_complaints_pref ?? (user.designation === 'Other' ? 'digest' : 'each');
}

/**
 * A user's preferences: the channels their events take (CONTRACT 6.3, every role) and, for an
 * authority, how often they hear of new complaints (5.1).
 */
export function preferencesOf(user: UserRow): TPreferences {
  return {
    ...(user.role === 'authority' ? { newComplaints: newComplaintPreference(user) } : {}),
    email: Number(user.notify_email) === 1,
    push: Number(user.notify_push) === 1,
  };
}

export async function getPreferences(user: UserRow) {
  return preferencesOf(user);
}

/** Changes what is given and keeps the rest; only an authority has a new-complaints preference. */
export async function setPreferences(ctx: Ctx, user: UserRow, change: TPreferencesRequest) {
  if (change.newComplaints !== undefined && user.role !== 'authority') throw forbidden(MSG.forbidden);
  const row = await ctx.database.db
    .updateTable('users')
    .set({
      ...(change.newComplaints !== undefined ? { new_complaints_pref: change.newComplaints } : {}),
      ...(change.email !== undefined ? { notify_email: change.email ? 1 : 0 } : {}),
      ...(change.push !== undefined ? { notify_push: change.push ? 1 : 0 } : {}),
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', Number(user.id))
    .returning(['new_complaints_pref', 'notify_email', 'notify_push'])
    .executeTakeFirstOrThrow();
  return preferencesOf({ ...user, ...row });
}

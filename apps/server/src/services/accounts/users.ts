import { accountPlace, MSG, type TProfile, type TUser } from '@bit/contract';
import type { Selectable } from 'kysely';
import type { Ctx } from '../../context';
import type { UsersTable } from '../../db/schema';
import { forbidden } from '../../lib/errors';

/** A user as it is passed around the app (the signed-in user of every request): without the hash. */
export type UserRow = Omit<Selectable<UsersTable>, 'password_hash'>;

/** The columns of a UserRow, for queries that load one. */
export const USER_COLUMNS = [
  'id',
  'role',
  'name',
  'email',
  'mobile',
  'department',
  'designation',
  'hostel_no',
  'room_no',
  'roll_no',
  'session',
  'verified',
  'approved',
  'created_at',
  'updated_at',
  'new_complaints_pref',
  'two_factor_on',
  'notify_email',
  'notify_push',
] as const satisfies readonly (keyof UserRow)[];

// a column added to users and not to USER_COLUMNS fails the type check here, instead of going
// missing from the signed-in user
type MissingUserColumn = Exclude<keyof UserRow, (typeof USER_COLUMNS)[number]>;
export const _everyUserColumn: [MissingUserColumn] extends [never] ? true : MissingUserColumn = true;

/** The one lookup that needs the password hash: signing in (and a reset, an admin made again). */
export async function findUserByEmail(ctx: Ctx, email: string): Promise<Selectable<UsersTable> | undefined> {
  return ctx.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The public shape of a user: never the password hash. */
export function toUser(row: UserRow): TUser {
  const place = accountPlace(row.designation, { department: row.department, hostelNo: row.hostel_no });
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    mobile: row.mobile,
    department: place.department,
    designation: (row.designation as TUser['designation']) ?? null,
    hostelNo: place.hostelNo,
    roomNo: row.role === 'student' ? row.room_no : null,
    rollNo: row.roll_no,
    session: row.session,
    approved: row.approved === 1,
    twoFactor: row.two_factor_on === 1,
  };
}

/**
 * CONTRACT 5.8: a student's own mobile number, hostel and room (each as ZProfileRequest leaves it:
 * ten digits; a hostel or null; a room or null). Answers the user as it now is.
 */
export async function updateProfile(ctx: Ctx, user: UserRow, profile: TProfile): Promise<TUser> {
  if (user.role !== 'student') throw forbidden(MSG.forbidden);
  const row = await ctx.database.db
    .updateTable('users')
    .set({
      mobile: profile.mobile,
      hostel_no: profile.hostelNo,
      room_no: profile.roomNo,
      updated_at: ctx.clock.now(),
    })
    .where('id', '=', Number(user.id))
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
  return toUser(row);
}

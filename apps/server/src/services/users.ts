import type { TUser } from '@bit/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';

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
  'roll_no',
  'session',
  'verified',
  'approved',
  'created_at',
  'updated_at',
  'new_complaints_pref',
] as const satisfies readonly (keyof UserRow)[];

// a column added to users and not to USER_COLUMNS fails the type check here, instead of going
// missing from the signed-in user
type MissingUserColumn = Exclude<keyof UserRow, (typeof USER_COLUMNS)[number]>;
export const _everyUserColumn: [MissingUserColumn] extends [never] ? true : MissingUserColumn = true;

/** The public shape of a user: never the password hash. */
export function toUser(row: UserRow): TUser {
  const isNetwork = row.designation === 'Network Department';
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    mobile: row.mobile,
    department: isNetwork ? 'Network' : row.department,
    designation: (row.designation as TUser['designation']) ?? null,
    hostelNo: isNetwork ? null : row.hostel_no,
    rollNo: row.roll_no,
    session: row.session,
    approved: row.approved === 1,
  };
}

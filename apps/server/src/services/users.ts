import type { TUser } from '@bit/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

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

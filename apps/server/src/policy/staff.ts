import { MSG, MSG_COMPLAINT } from '@bit/contract';
import type { Selectable } from 'kysely';
import type { ComplaintsTable } from '../db/schema';
import { awaitingApproval, complaintScope, type ScopeUser } from './complaints';
import { type ScopeColumn, scopeSees } from './scope';

/**
 * Who may act as staff: staffRefusal, the one place "an approved authority" is decided, and the
 * acts built on it: updating, being assigned (and the complaints an assignee reaches), printing QR
 * stickers, working the desk. Which complaints is still complaints.ts's complaintScope.
 */

type ComplaintRow = Selectable<ComplaintsTable>;

/**
 * What staff do, each with who may (staffRefusal):
 * - `update`: a complaint's or an incident's status: an approved authority with a scope (an admin
 *   changes no status); which complaints is still its scope's;
 * - `oversee`: incidents and their groups: an admin, or an approved authority with a scope;
 * - `act`: notices, and QR stickers (whose places mayMakeStickers decides): an admin, or an
 *   approved authority.
 */
export type StaffAct = 'update' | 'oversee' | 'act';

/**
 * Who may act as staff: the one place "an approved authority" is decided. Null when the user may;
 * else the 403's message: an authority awaiting approval is told so (`notApproved`, the complaint's
 * message unless the act has its own), anyone else gets MSG.forbidden.
 */
export function staffRefusal(
  user: ScopeUser,
  act: StaffAct,
  notApproved: string = MSG_COMPLAINT.notApproved,
): string | null {
  if (awaitingApproval(user)) return notApproved;
  if (user.role === 'admin') return act === 'update' ? MSG.forbidden : null;
  if (user.role !== 'authority') return MSG.forbidden;
  return act === 'act' || complaintScope(user).kind !== 'none' ? null : MSG.forbidden;
}

/** Only an approved authority updates complaints; which ones is still limited by its scope. */
export function canUpdate(user: ScopeUser): boolean {
  return staffRefusal(user, 'update') === null;
}

/**
 * CONTRACT 7.5: who may be a complaint's assignee: an approved authority who may update complaints
 * (staffRefusal's "update"); never a student, an admin, or an authority awaiting approval.
 */
export function mayBeAssignee(user: ScopeUser): boolean {
  return user.role === 'authority' && staffRefusal(user, 'update') === null;
}

/**
 * The id a complaint's `assignee_id` holds for the complaints a user reaches as their assignee
 * (CONTRACT 7.5: whatever their own scope), or null when assignment gives the user nothing: only an
 * approved authority is reached by it, so withdrawing an approval withdraws this too.
 */
export function assigneeKey(user: ScopeUser): number | null {
  return user.role === 'authority' && !awaitingApproval(user) ? Number(user.id) : null;
}

/**
 * THE rule of which complaint a user reaches (the token lookup, updates, messages, photos, reopen,
 * assignment): in their scope, or assigned to them (assigneeKey). Lists and counters stay the
 * scope's; the assignee's own list is `assignee=me` (services/complaints/lists.ts). Its SQL form is
 * scope-sql.ts's reachFilter and userSeesSql.
 */
export function userReaches(user: ScopeUser, c: Pick<ComplaintRow, ScopeColumn | 'assignee_id'>): boolean {
  const key = assigneeKey(user);
  return scopeSees(complaintScope(user), c) || (key !== null && Number(c.assignee_id) === key);
}

/**
 * Who may print QR stickers for a place (CONTRACT 6.4): an admin for any hostel room or college
 * place; an approved authority whose scope is one hostel's (Hostel Clerk, Warden) for that hostel's
 * rooms only. Everyone else, an authority seeing all complaints included, prints none: a sticker
 * on a door is the college speaking, so it comes from the staff of that door.
 */
export function mayMakeStickers(
  user: ScopeUser,
  place: { type: 'Hostel'; hostelNo: number } | { type: 'College' },
): boolean {
  if (user.role === 'admin') return true;
  if (user.role !== 'authority' || place.type !== 'Hostel') return false;
  const scope = complaintScope(user);
  return scope.kind === 'hostel' && scope.hostelNo === place.hostelNo;
}

/**
 * Who works the desk (CONTRACT 7.5): an admin, or an approved Hostel Clerk of a hostel. Only they
 * look up a student by roll number, and only they file for one (mayFileAtDesk).
 */
export function mayWorkTheDesk(user: ScopeUser): boolean {
  if (user.role === 'admin') return true;
  return (
    user.role === 'authority' && user.designation === 'Hostel Clerk' && complaintScope(user).kind === 'hostel'
  );
}

/**
 * What the desk may file (CONTRACT 7.5): an admin any complaint; a Hostel Clerk a Hostel complaint
 * of their own hostel only, the hostel the complaint names (not the student's), the one whose
 * counter they sit at. A Warden does not work the desk: filing is the clerk's work, not the judge's.
 */
export function mayFileAtDesk(
  user: ScopeUser,
  place: { type: 'Hostel'; hostelNo: number } | { type: 'College' },
): boolean {
  if (user.role === 'admin') return true;
  if (!mayWorkTheDesk(user) || place.type !== 'Hostel') return false;
  const scope = complaintScope(user);
  return scope.kind === 'hostel' && scope.hostelNo === place.hostelNo;
}

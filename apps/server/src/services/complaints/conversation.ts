import { MSG, MSG_CONVERSATION, mayStillMessage } from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { reachFilter } from '../../policy/scope-sql';
import type { UserRow } from '../accounts/users';
import type { ComplaintRow } from './rows';

/**
 * What messages, photos and reopening share (CONTRACT 5.2 to 5.4): the complaint as its page shows
 * them, who takes part, and whether it still takes part.
 */

/**
 * A complaint the user may reach (in scope or assigned to them), or "not found" (a complaint out of scope is not admitted to
 * exist). Inside a transaction on PostgreSQL the row is locked, so two photos or a reopen and a
 * status change take turns.
 */
export async function visibleComplaint(
  ctx: Ctx,
  db: Transaction<DB> | Ctx['database']['db'],
  user: UserRow,
  id: number,
  lock = false,
): Promise<ComplaintRow> {
  // in scope, or assigned to the user (policy/staff.ts: userReaches)
  let query = db.selectFrom('complaints').selectAll().where('id', '=', id).where(reachFilter(user));
  if (lock && ctx.database.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(MSG.complaintNotFound);
  return row;
}

/** The contract's window (mayStillMessage) on a row: closed at its last change to Resolved or Rejected. */
export function isOpenForMessages(
  row: Pick<ComplaintRow, 'status' | 'closed_at' | 'updated_at'>,
  now: number,
): boolean {
  return mayStillMessage(row.status, Number(row.closed_at ?? row.updated_at), now);
}

export function assertOpenForMessages(
  row: Pick<ComplaintRow, 'status' | 'closed_at' | 'updated_at'>,
  now: number,
): void {
  if (!isOpenForMessages(row, now)) throw conflict(MSG_CONVERSATION.closedForMessages);
}

/** Only the owner student and approved authorities in scope take part; an admin reads. */
export function assertParticipant(user: UserRow): void {
  if (user.role === 'admin') throw forbidden(MSG.forbidden);
}

/** Who wrote a message or added a photo, and when, as their rows keep it. */
export const actorColumns = (user: UserRow, now: number) => ({
  by_id: Number(user.id),
  by_name: user.name,
  by_role: user.role,
  by_designation: user.role === 'authority' ? user.designation : null,
  at: now,
});

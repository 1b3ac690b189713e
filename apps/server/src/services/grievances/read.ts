import { CONFIDENTIAL_CATEGORIES, MSG_GRIEVANCE, type TGrievanceWithHistory } from '@bit/contract';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type GrievanceViewer, grievanceViewer, maySeeGrievance } from '../../policy/grievances';
import type { UserRow } from '../accounts/users';
import { recordAudit } from '../oversight/audit';
import { committeesOf, grievanceWithComplaint } from './grievance-queries';
import { type GrievanceRow, withHistory } from './rows';

/** Who asks, and the one grievance they may read (CONTRACT 7.2, 7.3): every lookup, step and message starts here. */

/** The policy's viewer for a signed-in user: their committees are read for an authority only. */
export async function viewerOf(ctx: Ctx, user: UserRow): Promise<GrievanceViewer> {
  const committees = user.role === 'authority' ? await committeesOf(ctx.database.db, Number(user.id)) : [];
  return grievanceViewer({ id: Number(user.id), role: user.role }, committees);
}

/** A Ragging or Sexual harassment grievance (CONTRACT 7.3). */
const isConfidential = (row: { category: string }) =>
  (CONFIDENTIAL_CATEGORIES as readonly string[]).includes(row.category);

/** A grievance the viewer may see, or 404 (it is not admitted to exist). Locked on PostgreSQL inside a transaction. */
export async function visibleGrievance(
  ctx: Ctx,
  db: Ctx['database']['db'] | Transaction<DB>,
  viewer: GrievanceViewer,
  id: number,
  lock = false,
): Promise<GrievanceRow> {
  if (viewer.kind === 'none') throw notFound(MSG_GRIEVANCE.notFound);
  let q = grievanceWithComplaint(db).where('g.id', '=', id);
  if (lock && ctx.database.dialect === 'postgres') q = q.forUpdate('g');
  const row = await q.executeTakeFirst();
  if (!row || !maySeeGrievance(viewer, row)) throw notFound(MSG_GRIEVANCE.notFound);
  return row;
}

/**
 * GET /api/grievances/{id}: the grievance with its history and messages, oldest first. A committee
 * member's opening of a confidential one (CONTRACT 7.3) is written to the audit log in the same
 * request, before the answer: `grievance.view`, the grievance's id as target and nothing of its
 * content, so a leak can be traced without an admin reading the case. Its student's own openings
 * are not traced.
 */
export async function getGrievance(
  ctx: Ctx,
  user: UserRow,
  id: number,
  ip: string | null = null,
): Promise<TGrievanceWithHistory> {
  const viewer = await viewerOf(ctx, user);
  const row = await visibleGrievance(ctx, ctx.database.db, viewer, id);
  if (viewer.kind === 'member' && isConfidential(row))
    await recordAudit(ctx.database.db, {
      actor: user,
      action: 'grievance.view',
      target: { type: 'grievance', id: Number(row.id) },
      ip,
      at: ctx.clock.now(),
    });
  return withHistory(ctx.database.db, row, viewer);
}

import { MSG_GRIEVANCE, type TGrievanceStatus, type TGrievanceWithHistory } from '@bit/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Ctx } from '../../context';
import type { DB, GrievancesTable } from '../../db/schema';
import { conflict, forbidden } from '../../lib/errors';
import { grievanceRoles } from '../../policy/grievances';
import type { UserRow } from '../accounts/users';
import { countStatusChange } from './counts';
import { viewerOf, visibleGrievance } from './read';
import { type GrievanceRow, withHistory } from './rows';

type Part = 'student' | 'committee' | 'ombudsperson';

interface Step {
  /** who may take it: anyone else who sees the grievance gets 403 */
  by: Part[];
  /** the statuses it may follow: otherwise 409 */
  from: TGrievanceStatus[];
  /** the checks and writes of the step, on the locked row; answers the history's status and note */
  apply(
    trx: Transaction<DB>,
    row: GrievanceRow,
    now: number,
  ): Promise<{ status: TGrievanceStatus; note: string | null }>;
}

const forbiddenFor = (by: Part[]) =>
  by.includes('student')
    ? MSG_GRIEVANCE.notYours
    : by.includes('ombudsperson')
      ? MSG_GRIEVANCE.ombudspersonOnly
      : MSG_GRIEVANCE.committeeOnly;

/**
 * A step on a grievance, in the contract's order: who may see it (404), who may take the step (403),
 * whether now (409), then the step's writes, its history line and whom it tells in one transaction.
 * The row is locked on PostgreSQL (SQLite's transactions take turns), so two steps at once meet in
 * order and the second is judged on the first's outcome.
 */
export async function takeStep(
  ctx: Ctx,
  user: UserRow,
  id: number,
  step: Step,
): Promise<TGrievanceWithHistory> {
  const viewer = await viewerOf(ctx, user);
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const row = await visibleGrievance(ctx, trx, viewer, id, true);
    const roles = grievanceRoles(viewer, row);
    if (!step.by.some((p) => roles[p])) throw forbidden(forbiddenFor(step.by));
    if (!step.from.includes(row.status as TGrievanceStatus))
      throw conflict(MSG_GRIEVANCE.outOfOrder(row.status as TGrievanceStatus));
    const { status, note } = await step.apply(trx, row, now);
    await trx
      .insertInto('grievance_history')
      .values({
        grievance_id: id,
        status,
        note,
        by_id: Number(user.id),
        by_name: user.name,
        by_role: user.role,
        by_designation: user.role === 'authority' ? user.designation : null,
        at: now,
      })
      .execute();
  });
  ctx.mailQueued();
  const row = await visibleGrievance(ctx, ctx.database.db, viewer, id);
  return withHistory(ctx.database.db, row, viewer);
}

/**
 * Writes a step's columns, the new status and the deadline it now waits on; a change of status is
 * counted in the same transaction (counts.ts). The one place a grievance's status changes after its
 * submission.
 */
export async function setColumns(
  trx: Transaction<DB>,
  row: GrievanceRow,
  now: number,
  values: Partial<Selectable<GrievancesTable>>,
) {
  if (values.status !== undefined) await countStatusChange(trx, row.category, row.status, values.status);
  await trx
    .updateTable('grievances')
    .set({ ...values, updated_at: now })
    .where('id', '=', Number(row.id))
    .execute();
  Object.assign(row, values, { updated_at: now });
}

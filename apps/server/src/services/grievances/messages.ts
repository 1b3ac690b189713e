import {
  GRIEVANCE_LIMITS,
  MESSAGES_PER_HOUR,
  MSG_GRIEVANCE,
  type TGrievanceMessage,
  type TGrievanceStatus,
} from '@bit/contract';
import type { Ctx } from '../../context';
import { conflict, forbidden, tooMany } from '../../lib/errors';
import { grievanceRoles } from '../../policy/grievances';
import type { UserRow } from '../accounts/users';
import { viewerOf, visibleGrievance } from './read';
import { type GrievanceRow, toMessage } from './rows';
import { membersToTell, tell, tellStudent } from './tell';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Open for messages while the grievance waits on someone, and while a decision may still be appealed
 * (15 days); closed once withdrawn or finally decided.
 */
function openForMessages(row: GrievanceRow, now: number) {
  if (row.status === 'Withdrawn' || row.status === 'Appeal decided') return false;
  if (row.status === 'Decided') return now <= Number(row.decision_at) + GRIEVANCE_LIMITS.appealDays * DAY_MS;
  return true;
}

/** POST /api/grievances/{id}/messages: the student and the committee (and the Ombudsperson on an appeal) talk, as in 5.2. */
export async function postGrievanceMessage(
  ctx: Ctx,
  user: UserRow,
  id: number,
  body: string,
): Promise<TGrievanceMessage> {
  const viewer = await viewerOf(ctx, user);
  const now = ctx.clock.now();
  const { row, message } = await ctx.database.db.transaction().execute(async (trx) => {
    const row = await visibleGrievance(ctx, trx, viewer, id, true);
    const roles = grievanceRoles(viewer, row);
    if (!(roles.student || roles.committee || roles.ombudsperson))
      throw forbidden(MSG_GRIEVANCE.committeeOnly);
    if (!openForMessages(row, now)) throw conflict(MSG_GRIEVANCE.closedForMessages);
    // 30 an hour, as on complaints; a writer's messages take turns on PostgreSQL
    if (ctx.database.dialect === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', Number(user.id)).forNoKeyUpdate().execute();
    const recent = await trx
      .selectFrom('grievance_messages')
      .select('at')
      .where('by_id', '=', Number(user.id))
      .where('at', '>', now - HOUR_MS)
      .orderBy('at', 'desc')
      .limit(MESSAGES_PER_HOUR)
      .execute();
    if (recent.length >= MESSAGES_PER_HOUR)
      throw tooMany(
        MSG_GRIEVANCE.tooManyMessages,
        (Number(recent[recent.length - 1]!.at) + HOUR_MS - now) / 1000,
      );
    const message = await trx
      .insertInto('grievance_messages')
      .values({
        grievance_id: id,
        body,
        by_id: Number(user.id),
        by_name: user.name,
        by_role: user.role,
        by_designation: user.role === 'authority' ? user.designation : null,
        at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const status = row.status as TGrievanceStatus;
    if (roles.student)
      await tell(
        ctx,
        trx,
        await membersToTell(trx, row),
        row,
        status,
        'The student wrote a message on a grievance.',
        now,
      );
    else await tellStudent(ctx, trx, row, status, 'There is a new message on your grievance.', now);
    return { row, message };
  });
  ctx.mailQueued();
  return toMessage(row, viewer, message);
}

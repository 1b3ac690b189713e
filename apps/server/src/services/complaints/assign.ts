import { complaintStatusPath, MSG, MSG_ASSIGN, type TAssignable, type TComplaint } from '@bit/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../context';
import { assignedMail } from '../../delivery/mail/templates/complaints';
import { notify, RECIPIENT_COLUMNS, type Recipient } from '../../delivery/notify';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { complaintScope } from '../../policy/complaints';
import { scopeValue } from '../../policy/scope';
import { assigneeKey, mayBeAssignee, staffRefusal } from '../../policy/staff';
import type { UserRow } from '../accounts/users';
import { insertHistory } from './history';
import { toComplaint } from './rows';
import { complaintToUpdate } from './status.queries';

/**
 * CONTRACT 7.5: an approved authority who may update a complaint (in their scope, or assigned to
 * them: policy/scope.ts's userReaches) assigns it to an approved authority (mayBeAssignee), or
 * clears it. The history gains "Assigned to <name>" or "Assignment cleared" by the assigner, and the
 * new assignee is told on their channels. One transaction, the row locked on PostgreSQL (SQLite's
 * transactions take turns), so assignments sent at once end in one assignee, the last history line's.
 * Assigning to the present assignee changes nothing and writes no line.
 */
export async function assignComplaint(
  ctx: Ctx,
  assigner: UserRow,
  id: number,
  userId: number | null,
): Promise<TComplaint> {
  const refusal = staffRefusal(assigner, 'update');
  if (refusal) throw forbidden(refusal);
  const scope = complaintScope(assigner);
  if (scope.kind === 'none') throw forbidden(MSG.forbidden);
  const now = ctx.clock.now();
  const updated = await ctx.database.db.transaction().execute(async (trx) => {
    const [before] = await complaintToUpdate(
      trx,
      { kind: scope.kind, lock: ctx.database.dialect === 'postgres' },
      { id, scope: scopeValue(scope), assignee: assigneeKey(assigner) ?? 0 },
    );
    if (!before) throw notFound(MSG.complaintNotFound);
    let to: (UserRow & { recipient: Recipient }) | null = null;
    if (userId !== null) {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'role', 'designation', 'hostel_no', 'approved', 'name'])
        .select(RECIPIENT_COLUMNS)
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!user || !mayBeAssignee(user)) throw badRequest(MSG_ASSIGN.notAssignable, 'userId');
      to = { ...(user as unknown as UserRow), recipient: user as unknown as Recipient };
    }
    const was = before.assignee_id === null ? null : Number(before.assignee_id);
    if (was === (to ? Number(to.id) : null)) return before;
    const row = await trx
      .updateTable('complaints')
      .set({
        assignee_id: to ? Number(to.id) : null,
        assignee_name: to ? to.name : null,
        assignee_designation: to ? to.designation : null,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertHistory(trx, [
      {
        complaintId: id,
        status: before.status,
        remarks: to ? MSG_ASSIGN.assignedTo(to.name) : MSG_ASSIGN.cleared,
        byId: Number(assigner.id),
        byName: assigner.name,
        byDesignation: assigner.designation,
        at: now,
      },
    ]);
    if (to && Number(to.id) !== Number(assigner.id)) {
      const link = `${ctx.config.publicUrl}${complaintStatusPath(row.token)}`;
      const r = to.recipient;
      await notify(trx, r, assignedMail(r.email, r.name, row, link, assigner.name), now);
    }
    return row;
  });
  ctx.mailQueued();
  return toComplaint(updated, now);
}

/**
 * The authorities a complaint may be assigned to (mayBeAssignee's rule in SQL: an approved, verified
 * authority with a designation), whose name holds `q`, by name: only their id, name and designation.
 * Asked only by whoever may assign (staffRefusal's "update").
 */
export async function assignableAuthorities(
  ctx: Ctx,
  user: UserRow,
  q: string | undefined,
  limit: number,
): Promise<TAssignable[]> {
  const refusal = staffRefusal(user, 'update');
  if (refusal) throw forbidden(refusal);
  let query = ctx.database.db
    .selectFrom('users')
    .select(['id', 'role', 'designation', 'hostel_no', 'approved', 'name'])
    .where('role', '=', 'authority')
    .where('approved', '=', 1)
    .where('designation', 'is not', null);
  if (q !== undefined) {
    const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<boolean>`lower(name) like ${`%${escaped}%`} escape '\\'`);
  }
  const rows = await query
    .orderBy('name')
    .orderBy('id')
    .limit(limit * 2)
    .execute();
  // the rule itself decides (a Warden without a hostel updates nothing, so is no assignee)
  return rows
    .filter((r) => mayBeAssignee(r))
    .slice(0, limit)
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      designation: r.designation as TAssignable['designation'],
    }));
}
